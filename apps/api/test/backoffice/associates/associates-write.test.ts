import { auditEvents } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createAssociate,
  createClubWithBearer,
  createTitle,
  createUser,
  uniqueCpf,
} from '../../factories';
import { build } from '../../helper';

/** Members added and edited one by one from the back office (POST and PATCH /associate). */
const context = build();

const api = '/api/backoffice/associate';

function newMember(companyId: string, values: Record<string, unknown> = {}) {
  return {
    companyId,
    cpf: formatCpf(uniqueCpf()),
    name: '  Beatriz   Nogueira ',
    birthDate: '1988-03-14',
    cardId: '4455',
    title: 'Família Nogueira',
    isHolder: true,
    email: 'bia@example.com',
    phone: '(11) 98765-4321',
    ...values,
  };
}

const post = (headers: Record<string, string>, payload: object) =>
  context.app.inject({ method: 'POST', url: api, headers, payload });
const patch = (headers: Record<string, string>, id: string, payload: object) =>
  context.app.inject({ method: 'PATCH', url: `${api}/${id}`, headers, payload });

const auditOf = (id: string, action: string) =>
  context.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, action)));

describe('POST /associate', () => {
  it('adds a member with the title by name, answers the member and audits it', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const existing = await createTitle(context.db, company.id, { name: 'Família Nogueira' });
    const response = await post(headers, newMember(company.id));
    expect(response.statusCode, response.body).toBe(201);
    const member = response.json();
    expect(member).toMatchObject({
      companyId: company.id,
      cardId: '4455',
      user: { name: 'Beatriz Nogueira', email: 'bia@example.com', phone: '(11) 98765-4321' },
      associateTitleId: existing.id,
      isHolder: true,
      birthDate: '1988-03-14',
      portalAccess: false,
    });
    const [event] = await auditOf(member.id, 'associate.create');
    expect(event?.data).toMatchObject({ after: { name: 'Beatriz Nogueira', cardId: '4455' } });
    // A title not seen before is created.
    const second = await post(
      headers,
      newMember(company.id, { cardId: '4456', title: 'Família Nova', email: '', phone: null }),
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      associateTitle: { name: 'Família Nova' },
      user: { email: null, phone: null },
    });
  });

  it('refuses what the import refuses, naming the field', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    for (const [field, value] of [
      ['cpf', '123.456.789-00'],
      ['cardId', 'BR-001'],
      ['email', 'bia@'],
      ['phone', '12'],
      ['name', '   '],
      ['birthDate', '31/02/1990'],
    ] as const) {
      const response = await post(headers, newMember(company.id, { [field]: value }));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details[0].path, field).toBe(field);
    }
    const future = await post(headers, newMember(company.id, { birthDate: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().details).toEqual([
      { in: 'body', path: 'birthDate', message: 'A data de nascimento está no futuro' },
    ]);
  });

  it('refuses a CPF or a card the club already has', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const member = await createAssociate(context.db, company.id, { cardId: '777' });
    const sameCpf = await post(headers, newMember(company.id, { cpf: member.cpf }));
    expect(sameCpf.json()).toMatchObject({ statusCode: 409, error: 'AssociateCpfTaken' });
    const sameCard = await post(headers, newMember(company.id, { cardId: '777' }));
    expect(sameCard.json()).toMatchObject({ statusCode: 409, error: 'AssociateCardTaken' });
  });

  it('is for administrators only, and not in a club of somebody else', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const frontDesk = await createUser(context.db);
    await addStaff(context.db, company.id, frontDesk.id, 'recepcao');
    const refused = await post(await bearerFor(context.app, frontDesk.cpf), newMember(company.id));
    expect(refused.json()).toMatchObject({ statusCode: 403, error: 'PermissionDenied' });
    const other = await createClubWithBearer(context.app);
    const foreign = await post(headers, newMember(other.company.id));
    expect(foreign.statusCode).toBe(404);
  });
});

describe('PATCH /associate/{id}', () => {
  it('changes the name, e-mail and phone, audits what changed, and finds the new name', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const member = await createAssociate(context.db, company.id, {
      name: 'Carlos Dias',
      email: 'carlos@example.com',
    });
    const response = await patch(headers, member.id, {
      name: 'Carlos Dias Filho',
      email: 'carlos@example.com',
      phone: '+55 21 3333-4444',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      name: 'Carlos Dias Filho',
      email: 'carlos@example.com',
      phone: '+55 21 3333-4444',
    });
    const [event] = await auditOf(member.id, 'associate.update');
    expect(event?.data).toEqual({
      before: { name: 'Carlos Dias', phone: null },
      after: { name: 'Carlos Dias Filho', phone: '+55 21 3333-4444' },
    });
    const found = await context.app.inject({
      method: 'GET',
      url: `${api}/findAllPaginated?companyId=${company.id}&search=filho`,
      headers,
    });
    expect(found.json().items.map((item: { id: string }) => item.id)).toEqual([member.id]);
    // Saving the same values writes nothing more.
    await patch(headers, member.id, {
      name: 'Carlos Dias Filho',
      email: 'carlos@example.com',
      phone: '+55 21 3333-4444',
    });
    expect(await auditOf(member.id, 'associate.update')).toHaveLength(1);
  });

  it('refuses a bad e-mail or phone, and answers 404 for another club', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const member = await createAssociate(context.db, company.id);
    const bad = await patch(headers, member.id, { name: 'X', email: 'x@y', phone: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: 'email', message: 'E-mail inválido' });
    const other = await createClubWithBearer(context.app);
    const foreign = await patch(other.headers, member.id, { name: 'X', email: null, phone: null });
    expect(foreign.json()).toMatchObject({ statusCode: 404, error: 'AssociateNotFound' });
  });
});
