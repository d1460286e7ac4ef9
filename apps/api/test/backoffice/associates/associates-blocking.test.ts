import { auditEvents, associates } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from '../../helper';
import { associatesScene } from './associates-scene';

const context = build();
const { request, setUp } = associatesScene(context);

describe('blocking associates and titles', () => {
  it('blocks with a reason, unblocks, and audits both with the reason', async () => {
    const { headers, joao } = await setUp();
    const blocked = await request('PATCH', `/associate/${joao.id}/block`, headers, {
      blocked: true,
      reason: 'Mensalidade em atraso',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, blockedReason: 'Mensalidade em atraso' });
    const unblocked = await request('PATCH', `/associate/${joao.id}/block`, headers, {
      blocked: false,
      reason: 'Pagamento em dia',
    });
    expect(unblocked.json()).toMatchObject({ blocked: false, blockedReason: null });
    const audits = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, joao.id));
    expect(audits.map((event) => [event.action, event.data])).toEqual([
      ['associate.block', { reason: 'Mensalidade em atraso', after: { blocked: true } }],
      ['associate.unblock', { reason: 'Pagamento em dia', after: { blocked: false } }],
    ]);
  });

  it('requires a reason to block', async () => {
    const { headers, joao, family } = await setUp();
    for (const url of [`/associate/${joao.id}/block`, `/associate-title/${family.id}/block`]) {
      const response = await request('PATCH', url, headers, { blocked: true, reason: '  ' });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ path: 'reason' })]);
    }
    const [row] = await context.db.select().from(associates).where(eq(associates.id, joao.id));
    expect(row!.blocked).toBe(false);
  });

  it('blocks a title, shows it on its associates, and lists the club titles', async () => {
    const { headers, family, joao, mine } = await setUp();
    const response = await request('PATCH', `/associate-title/${family.id}/block`, headers, {
      blocked: true,
      reason: 'Título suspenso',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: family.id,
      name: 'Título 0001',
      blocked: true,
      blockedReason: 'Título suspenso',
    });
    const associate = (await request('GET', `/associate/id/${joao.id}`, headers)).json();
    expect(associate.associateTitle).toMatchObject({
      blocked: true,
      blockedReason: 'Título suspenso',
    });
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, family.id));
    expect(audit).toMatchObject({
      action: 'associate-title.block',
      data: { reason: 'Título suspenso' },
    });

    const titles = (
      await request('GET', `/associate-title/company/${mine.company.id}`, headers)
    ).json();
    expect(titles.items.map((title: { name: string }) => title.name)).toContain('Título 0001');
    expect(titles.items).toHaveLength(2);
  });

  it('answers 404 for the associate or title of another club and changes nothing', async () => {
    const { theirHeaders, joao, family, mine } = await setUp();
    const payload = { blocked: true, reason: 'Tentativa' };
    expect(
      (await request('PATCH', `/associate/${joao.id}/block`, theirHeaders, payload)).statusCode,
    ).toBe(404);
    expect(
      (await request('PATCH', `/associate-title/${family.id}/block`, theirHeaders, payload))
        .statusCode,
    ).toBe(404);
    expect(
      (await request('GET', `/associate-title/company/${mine.company.id}`, theirHeaders))
        .statusCode,
    ).toBe(404);
    const [row] = await context.db.select().from(associates).where(eq(associates.id, joao.id));
    expect(row!.blocked).toBe(false);
  });
});
