import { associates, queryRows, refreshTokens, users } from '@clube/db';
import { completeCpf } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/lib/password';
import { createTestDatabase } from './helper';
import { historyBefore, migrationsDir } from './migration-history';

/**
 * Migration 0004 on a database built by the previous schema (one shared `users` row per person):
 * every associate keeps their name, e-mail and password, every staff account its login, and a
 * person who was only ever a member leaves no account behind.
 */

describe('migration 0004: people per club', () => {
  it('keeps every associate, password and staff login', { timeout: 180_000 }, async () => {
    const { database, drop } = await createTestDatabase({ migrated: false });
    try {
      await database.migrate(historyBefore('0004_people-per-club'));
      const db = database.db;
      const staffHash = await hashPassword('senha-do-staff');
      const memberHash = await hashPassword('senha-do-socio');
      const staffCpf = completeCpf('111222333');
      const bothCpf = completeCpf('222333444');
      const memberCpf = completeCpf('333444555');
      // The previous shape, written as the previous code did.
      await db.execute(sql`
        insert into companies (id, name) values
          ('00000000-0000-4000-8000-00000000000a', 'Clube A'),
          ('00000000-0000-4000-8000-00000000000b', 'Clube B')`);
      await db.execute(sql`
        insert into users (id, cpf, name, email, password_hash) values
          ('00000000-0000-4000-8000-000000000001', ${staffCpf}, 'Ana Staff', 'ana@clube.com', ${staffHash}),
          ('00000000-0000-4000-8000-000000000002', ${bothCpf}, 'Bia Ambos', null, ${staffHash}),
          ('00000000-0000-4000-8000-000000000003', ${memberCpf}, 'Caio Sócio', 'caio@exemplo.com', ${memberHash})`);
      await db.execute(sql`
        insert into company_staff (company_id, user_id) values
          ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001'),
          ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000002')`);
      await db.execute(sql`
        insert into associate_titles (id, company_id, name) values
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000a', 'T1'),
          ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000b', 'T1')`);
      await db.execute(sql`
        insert into associates (id, company_id, user_id, card_id, associate_title_id, is_holder, birth_date) values
          ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000002', '10', '00000000-0000-4000-8000-0000000000a1', true, '1980-01-01'),
          ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000003', '11', '00000000-0000-4000-8000-0000000000a1', false, '1985-02-02'),
          ('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000003', '50', '00000000-0000-4000-8000-0000000000b1', true, '1985-02-02')`);
      await db.execute(sql`
        insert into refresh_tokens (user_id, token_hash, family_id, expires_at) values
          ('00000000-0000-4000-8000-000000000001', 'staff-session', gen_random_uuid(), now() + interval '1 day')`);

      await database.migrate(migrationsDir);

      const people = await db
        .select({ id: users.id, name: users.name, hash: users.passwordHash })
        .from(users)
        .orderBy(users.cpf);
      // Staff accounts stay as they were; the member-only person has no account any more.
      expect(people.map((person) => person.name)).toEqual(['Ana Staff', 'Bia Ambos']);
      for (const person of people) {
        expect(await verifyPassword(person.hash!, 'senha-do-staff')).toBe(true);
      }
      const members = await db.select().from(associates).orderBy(associates.cardId);
      expect(
        members.map(({ cardId, cpf, name, email, birthDate, isHolder }) => ({
          cardId,
          cpf,
          name,
          email,
          birthDate,
          isHolder,
        })),
      ).toEqual([
        {
          cardId: '10',
          cpf: bothCpf,
          name: 'Bia Ambos',
          email: null,
          birthDate: '1980-01-01',
          isHolder: true,
        },
        {
          cardId: '11',
          cpf: memberCpf,
          name: 'Caio Sócio',
          email: 'caio@exemplo.com',
          birthDate: '1985-02-02',
          isHolder: false,
        },
        {
          cardId: '50',
          cpf: memberCpf,
          name: 'Caio Sócio',
          email: 'caio@exemplo.com',
          birthDate: '1985-02-02',
          isHolder: true,
        },
      ]);
      expect(await verifyPassword(members[0]!.passwordHash!, 'senha-do-staff')).toBe(true);
      expect(await verifyPassword(members[1]!.passwordHash!, 'senha-do-socio')).toBe(true);
      expect(await verifyPassword(members[2]!.passwordHash!, 'senha-do-socio')).toBe(true);
      const sessions = await db.select().from(refreshTokens);
      expect(sessions.map((session) => session.userId)).toEqual([
        '00000000-0000-4000-8000-000000000001',
      ]);
      // The constraints of the new shape hold on the migrated rows.
      const constraints = await queryRows<{ conname: string }>(
        db,
        sql`select conname from pg_constraint where conrelid = 'associates'::regclass order by conname`,
      );
      expect(constraints.map((row) => row.conname)).toEqual(
        expect.arrayContaining(['associates_cpf_valid', 'associates_name_not_blank']),
      );
    } finally {
      await database.close();
      await drop();
    }
  });
});
