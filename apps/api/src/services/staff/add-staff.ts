import { randomInt } from 'node:crypto';
import { companyStaff, users, type Database } from '@clube/db';
import type { addStaffBodySchema } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/password';
import { lockClubStaff, selectStaffMembers } from './staff-rows';

export type AddStaffOptions = z.output<typeof addStaffBodySchema> & {
  companyId: string;
  actorUserId: string;
};

/** Letters and digits nobody misreads when copying from a screen (no 0/O, 1/l/I). */
const oneTimeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password: 12 characters of 31, about 59 bits. */
export function generateOneTimePassword(): string {
  let password = '';
  for (let index = 0; index < 12; index += 1) {
    password += oneTimeAlphabet[randomInt(oneTimeAlphabet.length)];
  }
  return password;
}

/**
 * An administrator adds a person to the club's staff by CPF. An existing staff account joins the
 * club as it is: its name, e-mail and password are the person's and stay untouched (the given
 * name and e-mail are ignored). A CPF without an account becomes one with the given name and a
 * one-time password, answered once and to be changed at the first sign-in.
 */
export async function addStaff(db: Database, options: AddStaffOptions) {
  const { companyId, actorUserId, cpf, role } = options;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.cpf, cpf));
  const name = options.name?.trim() ?? '';
  if (!existing && !name) throw new AppError('StaffNameRequired');
  const oneTimePassword = existing ? null : generateOneTimePassword();
  const passwordHash = oneTimePassword === null ? null : await hashPassword(oneTimePassword);

  return db.transaction(async (tx) => {
    await lockClubStaff(tx, { companyId });
    // Read again under the lock: the account may have been created meanwhile.
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.cpf, cpf));
    let userId = account?.id;
    let created = false;
    if (!userId) {
      if (!name || !passwordHash) throw new AppError('StaffNameRequired');
      const [user] = await tx
        .insert(users)
        .values({
          cpf,
          name,
          email: options.email ? options.email : null,
          passwordHash,
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      userId = user!.id;
      created = true;
    }
    const [member] = await tx
      .select({ userId: companyStaff.userId })
      .from(companyStaff)
      .where(and(eq(companyStaff.companyId, companyId), eq(companyStaff.userId, userId)));
    if (member) throw new AppError('StaffAlreadyMember');
    await tx.insert(companyStaff).values({ companyId, userId, role });
    await recordAudit(tx, {
      companyId,
      actorUserId,
      action: 'staff.add',
      entityType: 'user',
      entityId: userId,
      data: { role, newAccount: created },
    });
    const [added] = await selectStaffMembers(tx, { companyId, userId });
    // A new account's password was made for this answer; an existing one's is never touched.
    return { member: added!, oneTimePassword: created ? oneTimePassword : null };
  });
}
