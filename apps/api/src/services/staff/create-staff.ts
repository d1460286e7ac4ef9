import { companyStaff, staffInvitations, users, type Database } from '@clube/db';
import { firstStaffRole, isValidCpf, limits, stripCpf, type StaffRole } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { recordAudit, recordStaffAccountEvent } from '../../lib/audit';
import { endAllSessions } from '../auth/end-all-sessions';
import { revokeLiveLinks } from './accept-staff-invitation';
import { assertAnotherAdministrator, invitationOf, lockClubStaff } from './staff-rows';

export type CreateStaffOptions = {
  cpf: string;
  name: string;
  password: string;
  companyId: string;
  /**
   * The role in the club. Left out: administrador for the club's first staff member, the current
   * role for someone already in the club, and otherwise refused (`StaffRoleRequired`).
   */
  role?: StaffRole;
};

function checkPassword(password: string) {
  if (password.length < limits.passwordMinLength) {
    throw new AppError('PasswordTooShort', { params: { minLength: limits.passwordMinLength } });
  }
}

/**
 * Makes a person staff of a club (the CLI and the demo seed): creates the user (or updates the
 * name and password of the one with this cpf) and adds the club to the clubs they may work in,
 * with their role there (see `role`). One transaction.
 */
export async function createStaff(db: Database, options: CreateStaffOptions) {
  const cpf = stripCpf(options.cpf);
  if (!isValidCpf(cpf)) throw new AppError('InvalidCpf');
  const name = options.name.trim();
  if (!name) throw new AppError('StaffNameRequired');
  checkPassword(options.password);
  const passwordHash = await hashPassword(options.password);

  return db.transaction(async (tx) => {
    await lockClubStaff(tx, { companyId: options.companyId });
    const company = { id: options.companyId };
    const [user] = await tx
      .insert(users)
      .values({ cpf, name, passwordHash })
      .onConflictDoUpdate({
        target: users.cpf,
        set: { name, passwordHash, mustChangePassword: false, updatedAt: new Date() },
      })
      .returning({ id: users.id, cpf: users.cpf, name: users.name });
    const staffOfClub = await tx
      .select({ userId: companyStaff.userId, role: companyStaff.role })
      .from(companyStaff)
      .where(eq(companyStaff.companyId, company.id));
    const current = staffOfClub.find((row) => row.userId === user!.id);
    const role =
      options.role ?? current?.role ?? (staffOfClub.length === 0 ? firstStaffRole : undefined);
    if (!role) throw new AppError('StaffRoleRequired');
    if (current) {
      await assertAnotherAdministrator(tx, {
        companyId: company.id,
        userId: user!.id,
        currentRole: current.role,
        newRole: role,
      });
      await tx
        .update(companyStaff)
        .set({ role })
        .where(and(eq(companyStaff.companyId, company.id), eq(companyStaff.userId, user!.id)));
    } else {
      await tx.insert(companyStaff).values({ companyId: company.id, userId: user!.id, role });
      // The operator vouches for the person here: an invitation of the club is done with.
      await tx.delete(staffInvitations).where(invitationOf(company.id, user!.id));
      await revokeLiveLinks(tx, { userId: user!.id, companyId: company.id });
    }
    await recordAudit(tx, {
      companyId: company.id,
      actorUserId: null,
      action: 'staff.create',
      entityType: 'user',
      entityId: user!.id,
      data: { role },
    });
    return { ...user!, companyId: company.id, role };
  });
}

/** Sets a new password for a staff member; their open sessions end, access tokens included. */
export async function resetStaffPassword(db: Database, options: { cpf: string; password: string }) {
  const cpf = stripCpf(options.cpf);
  if (!isValidCpf(cpf)) throw new AppError('InvalidCpf');
  checkPassword(options.password);
  const passwordHash = await hashPassword(options.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.cpf, cpf))
      .returning({ id: users.id, cpf: users.cpf, name: users.name });
    if (!user) throw new AppError('UserNotFound');
    await endAllSessions(tx, { userId: user.id });
    await recordStaffAccountEvent(tx, {
      userId: user.id,
      actorUserId: null,
      action: 'staff.reset-password',
    });
    return user;
  });
}
