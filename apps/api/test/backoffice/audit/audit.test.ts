import { Readable } from 'node:stream';
import { auditEvents, companyStaff } from '@clube/db';
import { formatCpf, type AuditEntry, type AuditList } from '@clube/shared';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { importAssociates } from '../../../src/services/associates/import-associates';
import {
  createAppointment,
  createAssociate,
  createClubWithBearer,
  createPortalScene,
  createUser,
  memberHeaders,
  memberPassword,
  staffPassword,
} from '../../factories';
import { build } from '../../helper';

/**
 * The audit trail: every action a club must be able to account for leaves an entry naming who
 * (staff or member), the club, what it concerns and the changed fields; the trail is read page by
 * page, filtered, only ever of the caller's club, and exported as a spreadsheet-safe CSV.
 */

const context = build();
type Headers = Record<string, string>;

const minutes = (count: number) => count * 60_000;

async function trail(headers: Headers, query: Record<string, string | number>) {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/backoffice/audit',
    headers,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditList>();
}

/** Every entry of the club's trail, following the cursor page by page. */
async function wholeTrail(headers: Headers, query: Record<string, string>, take = 100) {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditList = await trail(headers, { ...query, take, ...(cursor ? { cursor } : {}) });
    entries.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

const inject = (method: string, url: string, headers: Headers, payload?: object) =>
  context.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

describe('audit events of every action', () => {
  it('records sign-ins, bookings, cancellations, attendance, blocks, passwords, imports and settings with their actor', async () => {
    const scene = await createPortalScene(context.app);
    const { company, staff, staffHeaders, place, holder, dependent } = scene;
    const api = (method: string, url: string, payload?: object) =>
      inject(method, `/api/backoffice${url}`, staffHeaders, payload);
    const bodyFor = (date: string, time: string, who: { id: string; cardId: string }) => {
      const startsAt = scene.at(date, time);
      return {
        associateId: who.id,
        placeId: place.id,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + minutes(place.bookRange)).toISOString(),
        cardId: who.cardId,
      };
    };

    // Staff book and cancel; a member books and cancels in the portal.
    const staffBooking = await api('POST', '/appointment', bodyFor(scene.day(3), '10:00', holder));
    expect(staffBooking.statusCode, staffBooking.body).toBe(201);
    expect(
      (
        await api('PATCH', `/appointment/cancel/${staffBooking.json().id}`, {
          reason: 'Pedido do associado',
        })
      ).statusCode,
    ).toBe(200);
    const memberBooking = await inject(
      'POST',
      '/api/portal/bookings',
      scene.holderSession.headers,
      {
        placeId: place.id,
        startsAt: bodyFor(scene.day(4), '11:00', holder).startsAt,
        associateId: dependent.id,
      },
    );
    expect(memberBooking.statusCode, memberBooking.body).toBe(201);
    const memberBookingId = memberBooking.json().id as string;
    const memberCancel = await inject(
      'PATCH',
      `/api/portal/bookings/${memberBookingId}/cancel`,
      scene.holderSession.headers,
    );
    expect(memberCancel.statusCode, memberCancel.body).toBe(200);

    // The front desk records attendance.
    const now = Date.now();
    const soon = await createAppointment(context.db, {
      place,
      associate: holder,
      startsAt: new Date(now + minutes(10)),
      endsAt: new Date(now + minutes(70)),
    });
    const late = await createAppointment(context.db, {
      place,
      associate: dependent,
      startsAt: new Date(now - minutes(200)),
      endsAt: new Date(now - minutes(140)),
    });
    expect((await api('PATCH', `/appointment/${soon.id}/check-in`)).statusCode).toBe(200);
    expect((await api('PATCH', `/appointment/${late.id}/no-show`)).statusCode).toBe(200);

    // A block, a member blocked, a portal password set, the settings changed.
    const blockStart = scene.at(scene.day(6), '08:00');
    const block = await api('POST', '/blocked-time/single', {
      placeId: place.id,
      description: 'Manutenção',
      startAt: blockStart.toISOString(),
      endsAt: new Date(blockStart.getTime() + minutes(120)).toISOString(),
    });
    expect(block.statusCode, block.body).toBe(201);
    expect(
      (await api('PATCH', `/associate/${dependent.id}/block`, { blocked: true, reason: 'Atraso' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await api('PATCH', '/associate/update-password', {
          associateId: dependent.id,
          newPassword: 'outra-senha-1',
        })
      ).statusCode,
    ).toBe(200);
    const settings = await api('PATCH', `/company/${company.id}`, {
      name: 'Clube Renomeado',
      timezone: company.timezone,
    });
    expect(settings.statusCode, settings.body).toBe(200);

    // Staff change their own password; an import runs (the CLI's and the screen's service).
    const changed = await api('PATCH', '/profile/password', {
      currentPassword: staffPassword,
      newPassword: 'nova-senha-123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await importAssociates(context.db, {
      companyId: company.id,
      source: Readable.from([
        Buffer.from(
          'cpf,name,birthDate,cardId,title,isHolder\n52998224725,Ana Nova,01/01/1990,9001,Título Z,sim\n',
        ),
      ]),
      actorUserId: staff.id,
    });

    // The password change ended the other sessions: the trail is read with the new one.
    const newHeaders = { authorization: `Bearer ${changed.json().access_token}` };
    const entries = await wholeTrail(newHeaders, { companyId: company.id });
    const find = (action: string, predicate: (entry: AuditEntry) => boolean = () => true) => {
      const entry = entries.find(
        (candidate) => candidate.action === action && predicate(candidate),
      );
      expect(entry, `no ${action} in the trail`).toBeDefined();
      return entry!;
    };
    const byStaff = { kind: 'staff', id: staff.id, name: staff.name };
    const byHolder = { kind: 'member', id: holder.id, name: 'Helena Titular' };
    const atPlace = { id: place.id, name: place.name };

    expect(find('staff.sign-in')).toMatchObject({ actor: byStaff });
    expect(find('associate.sign-in', (entry) => entry.actor.id === holder.id)).toMatchObject({
      actor: byHolder,
      associate: { id: holder.id },
    });
    expect(
      find('appointment.create', (entry) => entry.entityId === staffBooking.json().id),
    ).toMatchObject({ actor: byStaff, place: atPlace, associate: { id: holder.id } });
    expect(
      find('appointment.cancel', (entry) => entry.entityId === staffBooking.json().id),
    ).toMatchObject({
      actor: byStaff,
      place: atPlace,
      before: { status: 'SCHEDULED' },
      after: { status: 'CANCELLED' },
    });
    expect(find('appointment.create', (entry) => entry.entityId === memberBookingId)).toMatchObject(
      { actor: byHolder, associate: { id: dependent.id, name: 'Davi Dependente' } },
    );
    expect(find('appointment.cancel', (entry) => entry.entityId === memberBookingId)).toMatchObject(
      { actor: byHolder, place: atPlace },
    );
    expect(find('appointment.check-in')).toMatchObject({
      actor: byStaff,
      entityId: soon.id,
      before: { status: 'SCHEDULED' },
      after: { status: 'CHECKED_IN' },
    });
    expect(find('appointment.no-show')).toMatchObject({
      actor: byStaff,
      entityId: late.id,
      after: { status: 'NO_SHOW' },
    });
    expect(find('blocked-time.create')).toMatchObject({
      actor: byStaff,
      place: atPlace,
      details: { description: 'Manutenção' },
    });
    expect(find('associate.block')).toMatchObject({
      actor: byStaff,
      associate: { id: dependent.id },
      after: { blocked: true },
      details: { reason: 'Atraso' },
    });
    expect(find('associate.update-password')).toMatchObject({
      actor: byStaff,
      associate: { id: dependent.id },
    });
    expect(find('company.update')).toMatchObject({
      actor: byStaff,
      before: { name: company.name },
      after: { name: 'Clube Renomeado' },
    });
    expect(find('user.change-password')).toMatchObject({ actor: byStaff, entityId: staff.id });
    expect(find('associate.import')).toMatchObject({ actor: byStaff, details: { created: 1 } });
    // No password, hash or token is ever part of an entry.
    const text = JSON.stringify(entries);
    for (const secret of ['outra-senha-1', 'nova-senha-123', memberPassword, '$argon2'])
      expect(text).not.toContain(secret);
  }, 60_000);

  it('records a staff sign-in in each of their clubs, and a member sign-in in the club chosen', async () => {
    const clubA = await createClubWithBearer(context.app);
    const clubB = await createClubWithBearer(context.app);
    await context.db
      .insert(companyStaff)
      .values({ companyId: clubB.company.id, userId: clubA.staff.id });
    const signIn = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cpf: formatCpf(clubA.staff.cpf), password: staffPassword },
    });
    expect(signIn.statusCode).toBe(200);
    for (const club of [clubA, clubB]) {
      const entries = await wholeTrail(club.headers, {
        companyId: club.company.id,
        action: 'staff.sign-in',
      });
      expect(entries.filter((entry) => entry.actor.id === clubA.staff.id).length).toBeGreaterThan(
        0,
      );
    }

    const member = await createAssociate(context.db, clubA.company.id, {
      name: 'Sócia Única',
      password: memberPassword,
    });
    await memberHeaders(context.app, member);
    const signIns = await wholeTrail(clubA.headers, {
      companyId: clubA.company.id,
      associateId: member.id,
    });
    expect(signIns.map((entry) => [entry.action, entry.actor.kind])).toEqual([
      ['associate.sign-in', 'member'],
    ]);
  });
});

describe('GET /api/backoffice/audit', () => {
  /** A club with `count` events at one place (every other one about a second place). */
  async function clubWithEvents(count: number) {
    const club = await createClubWithBearer(context.app);
    const first = await createAssociate(context.db, club.company.id, { name: 'Primeira' });
    const rows = Array.from({ length: count }, (_, index) => ({
      companyId: club.company.id,
      actorUserId: club.staff.id,
      action: 'appointment.cancel',
      entityType: 'appointment',
      entityId: String(index),
      associateId: index % 2 === 0 ? first.id : null,
      // Many events share one instant: the id keeps them apart in the page order.
      createdAt: new Date(Date.UTC(2026, 5, 10, 15, Math.floor(index / 3))),
    }));
    await context.db.insert(auditEvents).values(rows);
    return { ...club, first };
  }

  it('pages newest first by cursor, every entry once, and filters by associate and period', async () => {
    const club = await clubWithEvents(23);
    const companyId = club.company.id;
    const firstPage = await trail(club.headers, { companyId, take: 5 });
    expect(firstPage.items).toHaveLength(5);
    expect(firstPage.nextCursor).toEqual(expect.any(String));

    const all = await wholeTrail(club.headers, { companyId }, 5);
    const ours = all.filter((entry) => entry.action === 'appointment.cancel');
    expect(ours.map((entry) => entry.entityId)).toEqual(
      Array.from({ length: 23 }, (_, index) => String(22 - index)),
    );

    const ofFirst = await wholeTrail(club.headers, { companyId, associateId: club.first.id }, 4);
    expect(ofFirst).toHaveLength(12);
    expect(ofFirst.every((entry) => entry.associate?.name === 'Primeira')).toBe(true);

    // 2026-06-10 in São Paulo: 15:00Z is 12:00 there; the day before holds none of them.
    expect(
      await wholeTrail(club.headers, { companyId, from: '2026-06-10', to: '2026-06-10' }),
    ).toHaveLength(23);
    expect(
      await wholeTrail(club.headers, { companyId, from: '2026-06-09', to: '2026-06-09' }),
    ).toHaveLength(0);
    const byPerson = await wholeTrail(club.headers, {
      companyId,
      person: club.staff.name.slice(2, 8).toUpperCase(),
      action: 'appointment.cancel',
    });
    expect(byPerson).toHaveLength(23);
    expect(
      await wholeTrail(club.headers, { companyId, person: 'ninguém com esse nome %' }),
    ).toHaveLength(0);
  });

  it('names the associate it is filtered by in the same answer, even on an empty page', async () => {
    const club = await clubWithEvents(2);
    const companyId = club.company.id;
    const quiet = await createAssociate(context.db, companyId, { name: 'Sem Eventos' });
    const answer = async (query: Record<string, string>) =>
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/backoffice/audit',
          headers: club.headers,
          query,
        })
      ).json();
    expect((await answer({ companyId, associateId: club.first.id })).associate).toEqual({
      id: club.first.id,
      name: 'Primeira',
    });
    const empty = await answer({ companyId, associateId: quiet.id });
    expect(empty.items).toEqual([]);
    expect(empty.associate).toEqual({ id: quiet.id, name: 'Sem Eventos' });
    expect((await answer({ companyId })).associate).toBeNull();
  });

  it('finds a person by name whatever the accents and capitals typed', async () => {
    const club = await createClubWithBearer(context.app);
    const joao = await createUser(context.db, { name: 'João Araújo' });
    await context.db
      .insert(companyStaff)
      .values({ companyId: club.company.id, userId: joao.id, role: 'recepcao' });
    const marcia = await createAssociate(context.db, club.company.id, { name: 'MÁRCIA Lopes' });
    await context.db.insert(auditEvents).values([
      {
        companyId: club.company.id,
        actorUserId: joao.id,
        action: 'appointment.cancel',
        entityType: 'appointment',
        entityId: '1',
      },
      {
        companyId: club.company.id,
        actorUserId: null,
        actorAssociateId: marcia.id,
        action: 'appointment.cancel',
        entityType: 'appointment',
        entityId: '2',
      },
      {
        companyId: club.company.id,
        actorUserId: club.staff.id,
        action: 'appointment.cancel',
        entityType: 'appointment',
        entityId: '3',
      },
    ]);
    const byPerson = async (person: string) =>
      (await wholeTrail(club.headers, { companyId: club.company.id, person })).map(
        (entry) => entry.entityId,
      );
    expect(await byPerson('joao')).toEqual(['1']);
    expect(await byPerson('JOAO ARAU')).toEqual(['1']);
    expect(await byPerson('joão')).toEqual(['1']);
    expect(await byPerson('marcia')).toEqual(['2']);
    expect(await byPerson('Márcia')).toEqual(['2']);
  });

  it('never shows another club’s events, whatever the filters', async () => {
    const clubA = await clubWithEvents(3);
    const clubB = await createClubWithBearer(context.app);
    const asB = (query: Record<string, string>) =>
      context.app.inject({
        method: 'GET',
        url: '/api/backoffice/audit',
        headers: clubB.headers,
        query,
      });
    const foreign = await asB({ companyId: clubA.company.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('CompanyNotFound');
    const filtered = await asB({ companyId: clubB.company.id, associateId: clubA.first.id });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().items).toEqual([]);
    expect(filtered.json().associate).toBeNull();
    const own = await wholeTrail(clubB.headers, { companyId: clubB.company.id });
    expect(own.every((entry) => entry.actor.id !== clubA.staff.id)).toBe(true);
    const exported = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit/export.csv',
      headers: clubB.headers,
      query: { companyId: clubA.company.id },
    });
    expect(exported.statusCode).toBe(404);
  });

  it('refuses a malformed cursor, an unknown type and a period that ends before it starts', async () => {
    const club = await createClubWithBearer(context.app);
    const cases: Array<Record<string, string>> = [
      { cursor: 'abc' },
      { cursor: '99999999999999999999.99999999999999999999' },
      { action: 'drop table' },
      { from: '2026-06-10', to: '2026-06-09' },
      { take: '0' },
    ];
    for (const query of cases) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/backoffice/audit',
        headers: club.headers,
        query: { companyId: club.company.id, ...query },
      });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error).toBe('ValidationError');
    }
  });
});

describe('GET /api/backoffice/audit/export.csv', () => {
  it('streams a CSV that a Portuguese spreadsheet reads back: BOM, `;`, club time, no formulas', async () => {
    const club = await createClubWithBearer(context.app);
    const hostile = await createAssociate(context.db, club.company.id, {
      name: '=HYPERLINK("http://mal.example","x")',
    });
    await context.db.insert(auditEvents).values([
      {
        companyId: club.company.id,
        actorUserId: club.staff.id,
        action: 'associate.block',
        entityType: 'associate',
        entityId: hostile.id,
        associateId: hostile.id,
        data: {
          reason: '+1; "dívida"\nsegunda linha',
          startsAt: '2026-06-12T13:00:00.000Z',
          after: { blocked: true },
        },
        // 15:05 UTC is 12:05 in São Paulo.
        createdAt: new Date('2026-06-10T15:05:00Z'),
      },
      {
        companyId: club.company.id,
        actorUserId: null,
        action: 'company.update',
        entityType: 'company',
        entityId: club.company.id,
        data: { before: { name: '@antigo' }, after: { name: '-novo' } },
        createdAt: new Date('2026-06-10T02:30:00Z'),
      },
    ]);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit/export.csv',
      headers: club.headers,
      query: { companyId: club.company.id, from: '2026-06-09', to: '2026-06-10' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('auditoria.csv');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    // As a spreadsheet opens it: UTF-8, BOM stripped, `;` between cells, quoted newlines kept.
    const rows = parse(bytes.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'Data e hora',
      'Quem',
      'Tipo de pessoa',
      'Ação',
      'Espaço',
      'Associado',
      'Alterações',
      'Detalhes',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        '10/06/2026 12:05',
        club.staff.name,
        'Funcionário',
        'Associado bloqueado',
        '',
        `'=HYPERLINK("http://mal.example","x")`,
        'Bloqueado: — → sim',
        `Motivo: +1; "dívida"\nsegunda linha\nInício: 12/06/2026 10:00`,
      ],
      [
        '09/06/2026 23:30',
        'Sistema',
        'Sistema',
        'Configurações do clube alteradas',
        '',
        '',
        'Nome: @antigo → -novo',
        '',
      ],
    ]);
    // No cell a spreadsheet would run as a formula.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('keeps a reason with bare line breaks in one cell: no row of the file starts with a formula', async () => {
    const club = await createClubWithBearer(context.app);
    const reason = 'x\n=1+1\n@SUM(1+1)\r-2';
    await context.db.insert(auditEvents).values({
      companyId: club.company.id,
      actorUserId: club.staff.id,
      action: 'appointment.cancel',
      entityType: 'appointment',
      entityId: club.company.id,
      data: { reason },
      createdAt: new Date('2026-06-10T15:05:00Z'),
    });
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit/export.csv',
      headers: club.headers,
      query: { companyId: club.company.id, from: '2026-06-10', to: '2026-06-10' },
    });
    expect(response.statusCode, response.body).toBe(200);
    // As a spreadsheet reads it: a line break outside quotes, CR or LF alone too, ends a row.
    const rows = parse(response.rawPayload.toString('utf8'), {
      bom: true,
      delimiter: ';',
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
    // The header and the one entry, its reason whole in its cell.
    expect(rows).toHaveLength(2);
    expect(rows[1]![7]).toBe(`Motivo: ${reason}`);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
