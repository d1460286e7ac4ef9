import { companies, companyStaff, staffInvitations, users, type Database } from '@clube/db';
import type { StaffMember, StaffRole } from '@clube/shared';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

/** The columns of a staff member who accepted, in the wire's shape (`toStaffMember`). */
const memberColumns = {
  userId: users.id,
  name: users.name,
  cpf: users.cpf,
  email: users.email,
  role: companyStaff.role,
  mustChangePassword: users.mustChangePassword,
  invitationPending: sql<boolean>`false`.mapWith(Boolean),
  invitedByEmail: sql<boolean>`false`.mapWith(Boolean),
  createdAt: companyStaff.createdAt,
};

/**
 * The columns of a pending invitation: what the club typed (name, e-mail) and the CPF it typed,
 * never anything of the account behind it.
 */
const invitedColumns = {
  userId: staffInvitations.userId,
  name: staffInvitations.name,
  cpf: users.cpf,
  email: staffInvitations.email,
  role: staffInvitations.role,
  mustChangePassword: sql<boolean>`false`.mapWith(Boolean),
  invitationPending: sql<boolean>`true`.mapWith(Boolean),
  invitedByEmail: sql<boolean>`${staffInvitations.oneTimePasswordHash} is null`.mapWith(Boolean),
  createdAt: staffInvitations.createdAt,
};

type StaffMemberRow = Omit<StaffMember, 'createdAt'> & { createdAt: Date };

export function toStaffMember(row: StaffMemberRow): StaffMember {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * The club's staff with their roles, and the people it invited who have not accepted yet, by
 * name (an `userId` narrows it to one person).
 */
export async function selectStaffMembers(
  db: Database,
  options: { companyId: string; userId?: string },
) {
  const { companyId, userId } = options;
  const members = await db
    .select(memberColumns)
    .from(companyStaff)
    .innerJoin(users, eq(users.id, companyStaff.userId))
    .where(
      and(
        eq(companyStaff.companyId, companyId),
        userId === undefined ? undefined : eq(companyStaff.userId, userId),
      ),
    );
  const invited = await db
    .select(invitedColumns)
    .from(staffInvitations)
    .innerJoin(users, eq(users.id, staffInvitations.userId))
    .where(
      and(
        eq(staffInvitations.companyId, companyId),
        userId === undefined ? undefined : eq(staffInvitations.userId, userId),
      ),
    );
  return [...members, ...invited]
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.userId.localeCompare(b.userId))
    .map(toStaffMember);
}

/**
 * Takes the club's row lock: every change to a club's staff runs one after another, so two
 * administrators demoting each other at once cannot leave the club without one.
 */
export async function lockClubStaff(tx: Database, options: { companyId: string }): Promise<void> {
  const { companyId } = options;
  const [club] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!club) throw new AppError('CompanyNotFound');
}

/** The condition naming one staff member of a club (their company_staff row). */
export const staffMemberOf = (companyId: string, userId: string) =>
  and(eq(companyStaff.companyId, companyId), eq(companyStaff.userId, userId));

/** The condition naming one pending invitation of a club. */
export const invitationOf = (companyId: string, userId: string) =>
  and(eq(staffInvitations.companyId, companyId), eq(staffInvitations.userId, userId));

/**
 * Locks the club's staff (lockClubStaff) and reads the role of one of them, or of a person the
 * club invited (`isPending`): the start of every change of a staff member. StaffMemberNotFound
 * when they are neither.
 */
export async function lockStaffMember(
  tx: Database,
  options: { companyId: string; userId: string },
): Promise<{ role: StaffRole; isPending: boolean }> {
  await lockClubStaff(tx, { companyId: options.companyId });
  const [current] = await tx
    .select({ role: companyStaff.role })
    .from(companyStaff)
    .where(staffMemberOf(options.companyId, options.userId));
  if (current) return { role: current.role, isPending: false };
  const [invited] = await tx
    .select({ role: staffInvitations.role })
    .from(staffInvitations)
    .where(invitationOf(options.companyId, options.userId));
  if (!invited) throw new AppError('StaffMemberNotFound');
  return { role: invited.role, isPending: true };
}

/**
 * Refuses a change that would leave the club without an administrator: `userId` stops being
 * one (removed, or given `newRole`). Call it under `lockClubStaff`.
 */
export async function assertAnotherAdministrator(
  tx: Database,
  options: { companyId: string; userId: string; currentRole: StaffRole; newRole?: StaffRole },
): Promise<void> {
  if (options.currentRole !== 'administrador' || options.newRole === 'administrador') return;
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(companyStaff)
    .where(
      and(
        eq(companyStaff.companyId, options.companyId),
        eq(companyStaff.role, 'administrador'),
        sql`${companyStaff.userId} <> ${options.userId}`,
      ),
    );
  if ((row?.count ?? 0) === 0) throw new AppError('LastAdministrator');
}
