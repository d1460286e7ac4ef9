import { queryRows } from '@clube/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getInvitationSummary } from '../src/services/invitations/get-invitation-summary';
import { createTestDatabase } from './helper';
import { historyBefore, migrationsDir } from './migration-history';

/**
 * Migration 0023 on a database whose bulk invitations were counted from their messages: each
 * batch gets its row of progress with the counts its messages had, so the screen shows the same.
 */

describe('migration 0023: the progress of bulk invitations on their batch', () => {
  it('counts each earlier batch from its messages', { timeout: 180_000 }, async () => {
    const { database, drop } = await createTestDatabase({ migrated: false });
    try {
      await database.migrate(historyBefore('0023_invitation-batch-progress'));
      const db = database.db;
      const club = '00000000-0000-4000-8000-00000000000a';
      const older = '00000000-0000-4000-8000-0000000000b1';
      const latest = '00000000-0000-4000-8000-0000000000b2';
      await db.execute(sql`insert into companies (id, name) values (${club}, 'Clube A')`);
      await db.execute(sql`
        insert into outbox_messages (company_id, batch_id, kind, recipient, subject, text_body, html_body, status, created_at)
        select ${club}::uuid, batch::uuid, 'invitation', 'socio@exemplo.com', 'Convite', 'texto', 'html', status,
          now() - make_interval(days => days_ago)
        from (values
          (${older}, 'kept', 2), (${older}, 'kept', 2),
          (${latest}, 'sent', 0), (${latest}, 'kept', 0), (${latest}, 'failed', 0),
          (${latest}, 'pending', 0), (${latest}, 'pending', 0)
        ) as m(batch, status, days_ago)`);
      // A message outside any bulk invitation has no batch.
      await db.execute(sql`
        insert into outbox_messages (company_id, kind, recipient, subject, text_body, html_body)
        values (${club}, 'invitation', 'um@exemplo.com', 'Convite', 'texto', 'html')`);

      await database.migrate(migrationsDir);
      const rows = await queryRows<{ id: string; total: number; done: number; failed: number }>(
        db,
        sql`select id, total, done, failed from invitation_batches order by created_at`,
      );
      expect(rows).toEqual([
        { id: older, total: 2, done: 2, failed: 0 },
        { id: latest, total: 5, done: 2, failed: 1 },
      ]);
      const { latestBatch } = await getInvitationSummary(db, { companyId: club });
      expect(latestBatch).toMatchObject({ id: latest, total: 5, done: 2, failed: 1, pending: 2 });
    } finally {
      await database.close();
      await drop();
    }
  });
});
