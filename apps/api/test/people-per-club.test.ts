import { Readable } from 'node:stream';
import {
  appointments,
  associateTitles,
  associates,
  companyStaff,
  refreshTokens,
  users,
  type Database,
} from '@clube/db';
import { addDaysToDate, clubInstant, clubToday, completeCpf } from '@clube/shared';
import fc from 'fast-check';
import { asc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/lib/password';
import { importAssociates } from '../src/services/associates/import-associates';
import {
  bearerFor,
  createAppointment,
  createAssociate,
  createClubWithStaff,
  createPlace,
  memberSession,
  portalLogin,
  staffPassword,
  createClubWithBearer,
} from './factories';
import { build } from './helper';

/**
 * A person known to several clubs, or to a club and the back office, is several records that
 * share nothing: whatever club B writes about a CPF (an import, a password) never reaches club
 * A's member with that CPF, nor anybody's staff login.
 */

const context = build();

const header = 'cpf,name,birthDate,cardId,title,isHolder,email,blocked';

function multipart(companyId: string, csv: string) {
  const boundary = '----clube-boundary';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="companyId"\r\n\r\n${companyId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="socios.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return {
    payload: Buffer.from(body),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function importThrough(headers: Record<string, string>, companyId: string, csv: string) {
  const body = multipart(companyId, csv);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/backoffice/associate/import',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const staffLogin = (cpf: string, password: string) =>
  context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { cpf, password } });

async function associateByCpf(companyId: string, cpf: string) {
  const rows = await context.db
    .select()
    .from(associates)
    .where(eq(associates.companyId, companyId));
  return rows.find((row) => row.cpf === cpf);
}

/** Club A with one member, and club B, whose staff is signed in (`headersB`). */
async function memberOfClubA(member: Parameters<typeof createAssociate>[2]) {
  const clubA = await createClubWithStaff(context.db, { name: 'Clube A' });
  const clubB = await createClubWithStaff(context.db, { name: 'Clube B' });
  const memberOfA = await createAssociate(context.db, clubA.company.id, member);
  const headersB = await bearerFor(context.app, clubB.staff.cpf);
  return { clubA, clubB, memberOfA, headersB };
}

describe('a CPF known to another club', () => {
  it("club B importing club A's staff CPF and setting that member's password takes over nothing", async () => {
    const db = context.db;
    const clubA = await createClubWithStaff(db, { name: 'Clube A' });
    const clubB = await createClubWithBearer(context.app, { name: 'Clube B' });
    const headersB = clubB.headers;
    const [accountBefore] = await db.select().from(users).where(eq(users.id, clubA.staff.id));

    const report = await importThrough(
      headersB,
      clubB.company.id,
      `${header}\n${clubA.staff.cpf},Nome Escrito por B,01/01/1980,777,Família B,sim,b@exemplo.com,não`,
    );
    expect(report).toMatchObject({ applied: true, created: 1 });
    const memberOfB = (await associateByCpf(clubB.company.id, clubA.staff.cpf))!;
    const changed = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/associate/update-password',
      headers: headersB,
      payload: { associateId: memberOfB.id, newPassword: 'senha-de-b' },
    });
    expect(changed.statusCode).toBe(200);

    // B's password is B's member's portal password, not a way into A's back office.
    expect((await staffLogin(clubA.staff.cpf, 'senha-de-b')).statusCode).toBe(401);
    expect((await staffLogin(clubA.staff.cpf, staffPassword)).statusCode).toBe(200);
    const [accountAfter] = await db.select().from(users).where(eq(users.id, clubA.staff.id));
    expect(accountAfter).toEqual(accountBefore);
    expect(accountAfter!.name).not.toBe('Nome Escrito por B');
    expect(await verifyPassword(memberOfB.passwordHash ?? '', 'x')).toBe(false);
    const [stored] = await db.select().from(associates).where(eq(associates.id, memberOfB.id));
    expect(await verifyPassword(stored!.passwordHash!, 'senha-de-b')).toBe(true);
  });

  it("importing club A's member CPF without an e-mail shows B nothing of A and renames nobody in A", async () => {
    const db = context.db;
    const { clubB, memberOfA, headersB } = await memberOfClubA({
      name: 'Maria de A',
      email: 'maria@clube-a.com',
      password: 'senha-de-a',
    });

    const report = await importThrough(
      headersB,
      clubB.company.id,
      `${header}\n${memberOfA.cpf},Maria Renomeada,02/02/1992,1,Família B,sim,,`,
    );
    expect(report).toMatchObject({ applied: true, created: 1, updated: 0 });
    const memberOfB = (await associateByCpf(clubB.company.id, memberOfA.cpf))!;
    const seenByB = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/associate/id/${memberOfB.id}`,
      headers: headersB,
    });
    expect(seenByB.json().user).toEqual({
      name: 'Maria Renomeada',
      cpf: memberOfA.cpf,
      email: null,
      phone: null,
    });
    expect(seenByB.body).not.toContain('maria@clube-a.com');

    const [afterA] = await db.select().from(associates).where(eq(associates.id, memberOfA.id));
    expect(afterA).toMatchObject({
      name: 'Maria de A',
      email: 'maria@clube-a.com',
      birthDate: memberOfA.birthDate,
    });
    expect(await verifyPassword(afterA!.passwordHash!, 'senha-de-a')).toBe(true);
    expect(afterA!.updatedAt).toEqual(memberOfA.updatedAt);
  });

  it("club B setting a portal password for its member with club A's member's CPF opens only B's membership; A's member still signs in to A with their own", async () => {
    const { clubA, clubB, memberOfA, headersB } = await memberOfClubA({
      name: 'Maria de A',
      password: 'senha-de-a',
    });
    await importThrough(
      headersB,
      clubB.company.id,
      `${header}\n${memberOfA.cpf},Maria de B,02/02/1992,1,Família B,sim,,`,
    );
    const memberOfB = (await associateByCpf(clubB.company.id, memberOfA.cpf))!;
    const changed = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/associate/update-password',
      headers: headersB,
      payload: { associateId: memberOfB.id, newPassword: 'senha-de-b' },
    });
    expect(changed.statusCode).toBe(200);

    // The CPF now has a membership in both clubs: B's password does not open A's.
    const intoA = await portalLogin(context.app, {
      cpf: memberOfA.cpf,
      password: 'senha-de-b',
      companyId: clubA.company.id,
    });
    expect(intoA.statusCode).toBe(401);
    expect(intoA.body).not.toContain('access_token');
    // Without a club chosen, B's password signs in to B's membership alone.
    const intoB = await portalLogin(context.app, { cpf: memberOfA.cpf, password: 'senha-de-b' });
    expect(intoB.statusCode).toBe(200);
    expect(intoB.json()).toMatchObject({
      needsClub: false,
      member: { id: memberOfB.id, name: 'Maria de B' },
      club: { id: clubB.company.id },
      clubs: [{ id: clubB.company.id }],
    });

    // A's member still signs in to A with their own password, and A's session is A's member.
    const { session, headers } = await memberSession(
      context.app,
      memberOfA,
      'senha-de-a',
      clubA.company.id,
    );
    expect(session).toMatchObject({
      member: { id: memberOfA.id, name: 'Maria de A' },
      club: { id: clubA.company.id },
      clubs: [{ id: clubA.company.id }],
    });
    const me = await context.app.inject({ method: 'GET', url: '/api/portal/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain('Maria de A');
    expect(me.body).not.toContain('Maria de B');
  });
});

describe('a card number within one club', () => {
  it("an import row with a new CPF and an existing card is rejected with its line; the card's member and bookings stay", async () => {
    const db = context.db;
    const club = await createClubWithStaff(db);
    const place = await createPlace(db, club.company.id);
    const holder = await createAssociate(db, club.company.id, {
      name: 'Titular Original',
      cardId: '4242',
    });
    const start = clubInstant(
      addDaysToDate(clubToday('America/Sao_Paulo'), 3),
      '10:00',
      'America/Sao_Paulo',
    );
    const booking = await createAppointment(db, {
      place,
      associate: holder,
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
    });
    const newcomer = completeCpf('512345678');
    const report = await importAssociates(db, {
      companyId: club.company.id,
      source: Readable.from([`${header}\n${newcomer},Recém Chegado,01/01/2000,4242,Outro,sim,,`]),
      actorUserId: club.staff.id,
      skipInvalid: true,
    });
    expect(report.errors).toEqual([
      { line: 2, reason: 'Carteirinha 4242 já pertence a outro associado deste clube' },
    ]);
    const [member] = await db.select().from(associates).where(eq(associates.cardId, '4242'));
    expect(member).toMatchObject({ id: holder.id, cpf: holder.cpf, name: 'Titular Original' });
    const [kept] = await db.select().from(appointments).where(eq(appointments.id, booking.id));
    expect(kept!.associateId).toBe(holder.id);
    expect(await associateByCpf(club.company.id, newcomer)).toBeUndefined();
  });

  it('the preview lists, per member, the fields an update changes', async () => {
    const db = context.db;
    const club = await createClubWithStaff(db);
    const member = await createAssociate(db, club.company.id, {
      name: 'Ana Lima',
      cardId: '10',
      email: 'ana@exemplo.com',
      birthDate: '1990-05-10',
    });
    const same = await createAssociate(db, club.company.id, {
      name: 'Bruno Dias',
      cardId: '11',
      birthDate: '1990-05-10',
    });
    const titleOf = async (id: string) =>
      (await db.select().from(associateTitles).where(eq(associateTitles.id, id)))[0]!.name;
    const report = await importAssociates(db, {
      companyId: club.company.id,
      source: Readable.from([
        [
          header,
          `${member.cpf},Ana Lima Souza,10/05/1990,10,${await titleOf(member.associateTitleId)},sim,ana.nova@exemplo.com,sim`,
          `${same.cpf},Bruno Dias,10/05/1990,11,${await titleOf(same.associateTitleId)},sim,,`,
        ].join('\n'),
      ]),
      actorUserId: null,
      dryRun: true,
    });
    expect(report).toMatchObject({ applied: false, updated: 1, unchanged: 1 });
    expect(report.changes).toEqual([
      { line: 2, cardId: '10', name: 'Ana Lima Souza', fields: ['name', 'email', 'blocked'] },
    ]);
    expect(report.changesTruncated).toBe(false);
  });
});

/** Every row outside the importing club, staff accounts and sessions included. */
async function rowsOutside(db: Database, companyId: string) {
  return JSON.stringify({
    users: await db.select().from(users).orderBy(asc(users.id)),
    staff: await db.select().from(companyStaff).orderBy(asc(companyStaff.userId)),
    associates: await db
      .select()
      .from(associates)
      .where(ne(associates.companyId, companyId))
      .orderBy(asc(associates.id)),
    appointments: await db
      .select()
      .from(appointments)
      .where(ne(appointments.companyId, companyId))
      .orderBy(asc(appointments.id)),
    sessions: await db.select().from(refreshTokens).orderBy(asc(refreshTokens.id)),
  });
}

describe('fuzz: imports of other clubs’ CPFs', () => {
  it('never change a row outside the importing club', async () => {
    const db = context.db;
    const clubA = await createClubWithStaff(db, { name: 'Clube A' });
    const clubC = await createClubWithStaff(db, { name: 'Clube C' });
    const clubB = await createClubWithStaff(db, { name: 'Clube B' });
    await staffLogin(clubA.staff.cpf, staffPassword);
    const foreignCpfs = [clubA.staff.cpf, clubC.staff.cpf, clubB.staff.cpf];
    for (const [index, club] of [clubA, clubC].entries()) {
      for (let n = 0; n < 4; n += 1) {
        const member = await createAssociate(db, club.company.id, {
          name: `Sócio ${index}-${n}`,
          email: `socio${index}${n}@exemplo.com`,
          cardId: String(500 + n),
          password: 'senha-do-socio',
        });
        foreignCpfs.push(member.cpf);
      }
    }
    const before = await rowsOutside(db, clubB.company.id);

    const row = fc.record({
      cpf: fc.constantFrom(...foreignCpfs),
      name: fc.stringMatching(/^[A-Za-zÀ-ú][A-Za-zÀ-ú ]{0,20}$/),
      card: fc.integer({ min: 1, max: 600 }),
      withEmail: fc.boolean(),
      blocked: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (rows, dryRun) => {
          const lines = rows.map(
            (r) =>
              `${r.cpf},${r.name.trim() || 'Nome'},01/01/1990,${r.card},Família,sim,${r.withEmail ? 'x@b.com' : ''},${r.blocked ? 'sim' : 'não'}`,
          );
          await importAssociates(db, {
            companyId: clubB.company.id,
            source: Readable.from([[header, ...lines].join('\n')]),
            actorUserId: clubB.staff.id,
            dryRun,
            skipInvalid: true,
          });
          expect(await rowsOutside(db, clubB.company.id)).toBe(before);
        },
      ),
      { numRuns: 25 },
    );
    // Club A's staff still signs in with their own password, and only with it.
    expect((await staffLogin(clubA.staff.cpf, staffPassword)).statusCode).toBe(200);
  }, 120_000);
});
