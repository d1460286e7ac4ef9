/** Staff accounts, clubs with their first administrator, and signed-in staff headers. */
import { randomInt } from 'node:crypto';
import { companyStaff, users, type Database } from '@clube/db';
import { completeCpf, formatCpf, type StaffRole } from '@clube/shared';
import type { App } from '../../src/app';
import { hashPassword } from '../../src/lib/password';
import { createCompany } from '../../src/services/companies/create-company';

let sequence = 0;
/** A valid cpf not used before in this test file. */
export function uniqueCpf(): string {
  sequence += 1;
  return completeCpf(String(randomInt(100, 999) * 1_000_000 + sequence));
}

export const staffPassword = 'senha-secreta';

export async function createUser(
  db: Database,
  values: { name?: string; password?: string | null; cpf?: string; email?: string } = {},
) {
  const password = values.password === undefined ? staffPassword : values.password;
  const [user] = await db
    .insert(users)
    .values({
      cpf: values.cpf ?? uniqueCpf(),
      name: values.name ?? 'Pessoa de Teste',
      email: values.email ?? null,
      passwordHash: password === null ? null : await hashPassword(password),
    })
    .returning();
  return user!;
}

/** A club with one staff member who can log in with `staffPassword`. */
export async function createClubWithStaff(
  db: Database,
  values: { name?: string; timezone?: string } = {},
) {
  const company = await createCompany(db, {
    name: values.name ?? 'Clube de Teste',
    timezone: values.timezone ?? 'America/Sao_Paulo',
  });
  const staff = await createUser(db, { name: 'Staff de Teste' });
  await db.insert(companyStaff).values({ companyId: company.id, userId: staff.id });
  return { company, staff };
}

/** Makes a user staff of a club, administrator unless told another role. */
export async function addStaff(
  db: Database,
  companyId: string,
  userId: string,
  role: StaffRole = 'administrador',
) {
  await db.insert(companyStaff).values({ companyId, userId, role });
}

export async function login(app: App, cpf: string, password = staffPassword) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { cpf: formatCpf(cpf), password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ access_token: string; refresh_token: string; user: { id: string } }>();
}

/** Logs a staff member in and answers the Authorization header to send. */
export async function bearerFor(app: App, cpf: string) {
  const session = await login(app, cpf);
  return { authorization: `Bearer ${session.access_token}` };
}

export async function createClubWithBearer(
  app: App,
  values: { name?: string; timezone?: string } = {},
) {
  const club = await createClubWithStaff(app.db, values);
  return { ...club, headers: await bearerFor(app, club.staff.cpf) };
}
