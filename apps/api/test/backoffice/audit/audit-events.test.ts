import { Readable } from 'node:stream';
import { companyStaff } from '@clube/db';
import { formatCpf, type AuditEntry } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { importAssociates } from '../../../src/services/associates/import-associates';
import {
  createAppointment,
  createAssociate,
  createClubWithBearer,
  createPortalScene,
  memberHeaders,
  memberPassword,
  staffPassword,
} from '../../factories';
import { build } from '../../helper';
import { auditScene, minutes } from './audit-scene';

const context = build();
const { wholeTrail, inject } = auditScene(context);

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
