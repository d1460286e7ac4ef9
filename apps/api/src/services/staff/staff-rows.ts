import { companies, companyStaff, users, type Database } from '@clube/db';
import type { StaffMember, StaffRole } from '@clube/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

/** The columns of a staff member of a club, in the wire's shape (`toStaffMember`). */
export const staffMemberColumns = {
  userId: users.id,
  name: users.name,
  cpf: users.cpf,
  email: users.email,
  role: companyStaff.role,
  mustChangePassword: users.mustChangePassword,
  invitationPending: sql<boolean>`${users.passwordHash} is null`.mapWith(Boolean),
  createdAt: companyStaff.createdAt,
};

type StaffMemberRow = Omit<StaffMember, 'createdAt'> & { createdAt: Date };

export function toStaffMember(row: StaffMemberRow): StaffMember {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The club's staff with their roles, by name (an `userId` narrows it to one person). */
export async function selectStaffMembers(
  db: Database,
  options: { companyId: string; userId?: string },
) {
  const rows = await db
    .select(staffMemberColumns)
    .from(companyStaff)
    .innerJoin(users, eq(users.id, companyStaff.userId))
    .where(
      and(
        eq(companyStaff.companyId, options.companyId),
        options.userId === undefined ? undefined : eq(companyStaff.userId, options.userId),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(toStaffMember);
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

/**
 * Locks the club's staff (lockClubStaff) and reads the role of one of them: the start of every
 * change of a staff member. StaffMemberNotFound when they are not of the club's staff.
 */
export async function lockStaffMember(
  tx: Database,
  options: { companyId: string; userId: string },
): Promise<StaffRole> {
  await lockClubStaff(tx, { companyId: options.companyId });
  const [current] = await tx
    .select({ role: companyStaff.role })
    .from(companyStaff)
    .where(staffMemberOf(options.companyId, options.userId));
  if (!current) throw new AppError('StaffMemberNotFound');
  return current.role;
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
