import { users, type Database } from '@clube/db';
import { isValidCpf, stripCpf } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

export type SetServerAdminOptions = { cpf: string; isServerAdmin: boolean };

/**
 * Makes a staff account an administrator of the server, who may create clubs from the app, or
 * takes that away (docs/decisions/030). Only the command line and the demo seed call it: no
 * screen grants it, so nobody can give it to themself.
 */
export async function setServerAdmin(db: Database, options: SetServerAdminOptions) {
  const cpf = stripCpf(options.cpf);
  if (!isValidCpf(cpf)) throw new AppError('InvalidCpf');
  const [user] = await db
    .update(users)
    .set({ isServerAdmin: options.isServerAdmin, updatedAt: new Date() })
    .where(eq(users.cpf, cpf))
    .returning({ id: users.id, name: users.name, isServerAdmin: users.isServerAdmin });
  if (!user) throw new AppError('UserNotFound');
  return user;
}
