import { companies, type Database } from '@clube/db';
import { clubToday, defaultTimezone } from '@clube/shared';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../lib/audit';
import { createCompany } from '../services/companies/create-company';
import { importAssociates } from '../services/associates/import-associates';
import { createStaff } from '../services/staff/create-staff';
import { setServerAdmin } from '../services/staff/set-server-admin';
import { insertDemoBookings } from './demo-bookings';
import { addDemoPlacePhotos, insertDemoPlaces } from './demo-club';
import { demoClubName, demoLogin, demoRoleLogins } from './demo-logins';
import { blockDemoTitle, demoMembershipCsv, prepareDemoMembers } from './demo-members';

export { awaitingDeskMemberIndex } from './demo-bookings';
export { demoClubName, demoLogin, demoMemberLogin, demoRoleLogins } from './demo-logins';

/**
 * The demo club of the first `npm start`: a club to click through at once, with places of
 * varied rules, operating hours, associates of every kind and some bookings and blocks ahead.
 * It goes through the same service functions as the CLI (associates through the import); rows without a service yet are inserted
 * directly, inside one transaction so a failure leaves nothing behind.
 */
export async function seedDemo(db: Database, _options: { uploadsDir: string }) {
  const club = await createCompany(db, {
    name: demoClubName,
    timezone: defaultTimezone,
    logoUrl: '/demo/clube-demonstracao.svg',
  });
  const otherClub = await createCompany(db, {
    name: 'Clube Náutico Beira-Rio',
    timezone: defaultTimezone,
  });
  const staff = await createStaff(db, {
    cpf: demoLogin.cpf,
    name: 'Ana Souza',
    password: demoLogin.password,
    companyId: club.id,
  });
  await createStaff(db, {
    cpf: demoLogin.cpf,
    name: 'Ana Souza',
    password: demoLogin.password,
    companyId: otherClub.id,
  });
  // The demo's first administrator also administers the server: creating a club from the app
  // can be tried at once (docs/decisions/030).
  await setServerAdmin(db, { cpf: demoLogin.cpf, isServerAdmin: true });
  for (const login of demoRoleLogins) {
    await createStaff(db, { ...login, companyId: club.id });
  }

  // Associates arrive the way a real club brings them in: through the membership-file import.
  const report = await importAssociates(db, {
    companyId: club.id,
    source: Readable.from([demoMembershipCsv(clubToday(club.timezone))]),
    actorUserId: null,
  });
  if (!report.applied)
    throw new Error(`demo associates rejected: ${JSON.stringify(report.errors)}`);

  await db.transaction(async (tx) => {
    const timezone = club.timezone;
    const companyId = club.id;

    const placeRows = await insertDemoPlaces(tx, companyId);

    const today = clubToday(timezone);
    const associateRows = await prepareDemoMembers(tx, companyId);

    await insertDemoBookings(tx, {
      companyId,
      timezone,
      today,
      staff,
      placeRows,
      associateRows,
    });
    await blockDemoTitle(tx, associateRows);
    await recordAudit(tx, {
      companyId,
      actorUserId: null,
      action: 'company.seed-demo',
      entityType: 'company',
      entityId: companyId,
    });
  });

  await addDemoPlacePhotos(db, club, staff);

  const [created] = await db.select().from(companies).where(eq(companies.id, club.id));
  return { club: created!, otherClub, staff };
}
