import { companies, companyStaff, users, type Database } from '@clube/db';
import { isValidCpf, limits, stripCpf } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { recordAudit, recordStaffAccountEvent } from '../../lib/audit';
import { revokeAllRefreshTokensOfUser } from '../auth/refresh-tokens';

export type CreateStaffOptions = { cpf: string; name: string; password: string; companyId: string };

function checkPassword(password: string) {
  if (password.length < limits.passwordMinLength) {
    throw new AppError('PasswordTooShort', { params: { minLength: limits.passwordMinLength } });
  }
}

/**
 * Makes a person staff of a club: creates the user (or updates the name and password of the one
 * with this cpf) and adds the club to the clubs they may work in. One transaction.
 */
export async function createStaff(db: Database, options: CreateStaffOptions) {
  const cpf = stripCpf(options.cpf);
  if (!isValidCpf(cpf)) throw new AppError('InvalidCpf');
  const name = options.name.trim();
  if (!name) throw new AppError('StaffNameRequired');
  checkPassword(options.password);
  const passwordHash = await hashPassword(options.password);

  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, options.companyId));
    if (!company) throw new AppError('CompanyNotFound');
    const [user] = await tx
      .insert(users)
      .values({ cpf, name, passwordHash })
      .onConflictDoUpdate({
        target: users.cpf,
        set: { name, passwordHash, updatedAt: new Date() },
      })
      .returning({ id: users.id, cpf: users.cpf, name: users.name });
    await tx
      .insert(companyStaff)
      .values({ companyId: company.id, userId: user!.id })
      .onConflictDoNothing();
    await recordAudit(tx, {
      companyId: company.id,
      actorUserId: null,
      action: 'staff.create',
      entityType: 'user',
      entityId: user!.id,
    });
    return { ...user!, companyId: company.id };
  });
}

/** Sets a new password for a staff member; their existing sessions end. */
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
    await revokeAllRefreshTokensOfUser(tx, { userId: user.id });
    await recordStaffAccountEvent(tx, {
      userId: user.id,
      actorUserId: null,
      action: 'staff.reset-password',
    });
    return user;
  });
}
