/**
 * Who may do what in a club: the roles a staff member holds per club membership, the permissions
 * the back-office routes declare (one per route, `config: { permission }`), and which roles have
 * each. The API enforces it; the web app reads the same table to hide or disable what a role
 * cannot do. docs/domain.md, "Roles".
 */
export const staffRoles = ['administrador', 'recepcao', 'consulta'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The role a club's first staff member gets, and what migrated memberships became. */
export const firstStaffRole: StaffRole = 'administrador';

export const staffRoleLabels = {
  administrador: 'Administrador',
  recepcao: 'Recepção',
  consulta: 'Consulta',
} as const satisfies Record<StaffRole, string>;

const everyone: readonly StaffRole[] = staffRoles;
const frontDesk: readonly StaffRole[] = ['administrador', 'recepcao'];
const administrators: readonly StaffRole[] = ['administrador'];

/** Each permission and the roles that have it. */
export const permissionRoles = {
  /** The caller's own account and club list: any staff member, in no particular club. */
  'account.self': everyone,
  /** Read anything of the club: places, categories, hours, bookings, blocks, associates. */
  'club.read': everyone,
  /** Book, cancel, check in, mark and undo no-shows, the "why not?" check. */
  'bookings.write': frontDesk,
  /**
   * Book, or cancel past the deadline, despite the rules a club may waive, with a written reason
   * (docs/domain.md, "Exceptions").
   */
  'bookings.exception': frontDesk,
  /** Create and delete blocked times. */
  'blocks.write': frontDesk,
  /** Block associates and titles, set a member's portal password, lift a suspension. */
  'associates.write': frontDesk,
  /** Import the membership list. */
  'associates.import': administrators,
  /** Places and their photos. */
  'places.write': administrators,
  'categories.write': administrators,
  /** The club's week, each place's own week and the special days (holidays, closures). */
  'operating-hours.write': administrators,
  /** The club's name, timezone, logo and no-show policy. */
  'settings.write': administrators,
  /** The club's staff and their roles. */
  'staff.manage': administrators,
  /** The audit trail. */
  'audit.read': ['administrador', 'consulta'],
  /** Relatórios: occupancy, behaviour and members of a period, and their tables as CSV. */
  'reports.read': ['administrador', 'consulta'],
  /** The messages the club sent and what became of each (Mensagens). */
  'messages.read': administrators,
  /** Members added or edited one by one (the same rules as the import). */
  'associates.manage': administrators,
  /**
   * Create a club: no club role gives it; it belongs to the server's administrators (a flag on the
   * person, `serverPermissions`).
   */
  'server.create-club': [] as readonly StaffRole[],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof permissionRoles;
export const permissions = Object.keys(permissionRoles) as Permission[];

/** Permissions of the server, not of a club: held by its administrators, whatever their roles. */
export const serverPermissions: readonly Permission[] = ['server.create-club'];

export function hasPermission(role: StaffRole, permission: Permission): boolean {
  return (permissionRoles[permission] as readonly StaffRole[]).includes(role);
}
