import { outboxMessages } from '@clube/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessages } from '../../../src/lib/mail/enqueue-messages';
import { createAssociate, createClubWithBearer, createUser } from '../../factories';
import { build } from '../../helper';
import { countRoundTrips, type RoundTripCounter } from '../../round-trip-counter';

const context = build();
let counter: RoundTripCounter;
beforeAll(() => {
  counter = countRoundTrips();
});
afterAll(() => counter?.restore());

const draft = { kind: 'test', subject: 'Assunto', textBody: 'Texto', htmlBody: '<p>Texto</p>' };

describe('GET /api/backoffice/message/company/:companyId (Mensagens)', () => {
  it('lists the club’s messages, newest first, filtered by associate, and only the club’s', async () => {
    const { app, db } = context;
    const club = await createClubWithBearer(app);
    const other = await createClubWithBearer(app);
    const joana = await createAssociate(db, club.company.id, { name: 'Joana', email: 'j@x.com' });
    const pedro = await createAssociate(db, club.company.id, { name: 'Pedro', email: 'p@x.com' });
    const staffAccount = await createUser(db, { email: 'staff@x.com' });
    await enqueueMessages(db, [
      { ...draft, companyId: club.company.id, associateId: joana.id, recipient: 'j@x.com' },
    ]);
    await enqueueMessages(db, [
      { ...draft, companyId: club.company.id, associateId: pedro.id, recipient: 'p@x.com' },
      { ...draft, companyId: other.company.id, recipient: 'outro@x.com' },
      { ...draft, userId: staffAccount.id, recipient: 'staff@x.com', sensitive: true },
    ]);

    const all = await app.inject({
      url: `/api/backoffice/message/company/${club.company.id}`,
      headers: club.headers,
    });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .items.map((item: { recipient: string }) => item.recipient)
        .sort(),
    ).toEqual(['j@x.com', 'p@x.com']);
    expect(all.json().items[0]).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });

    const ofJoana = await app.inject({
      url: `/api/backoffice/message/company/${club.company.id}?associateId=${joana.id}`,
      headers: club.headers,
    });
    expect(ofJoana.json().items).toEqual([
      expect.objectContaining({ associateName: 'Joana', recipient: 'j@x.com', subject: 'Assunto' }),
    ]);

    const foreign = await app.inject({
      url: `/api/backoffice/message/company/${club.company.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const badStatus = await app.inject({
      url: `/api/backoffice/message/company/${club.company.id}?status=lost`,
      headers: club.headers,
    });
    expect(badStatus.statusCode).toBe(400);
  });

  describe('in pages, with the exact total, a state filter and a search', () => {
    type Page = { items: Array<{ subject: string; status: string }>; total: number; page: number };

    /** A club with `count` messages, created a minute apart (#1 the oldest). */
    async function clubWith(count: number) {
      const { app, db } = context;
      const club = await createClubWithBearer(app);
      const joana = await createAssociate(db, club.company.id, {
        name: 'Joana Araújo',
        email: 'joana@x.com',
      });
      const start = Date.UTC(2026, 10, 1, 12);
      await db.insert(outboxMessages).values(
        Array.from({ length: count }, (_, index) => ({
          ...draft,
          companyId: club.company.id,
          associateId: index % 10 === 0 ? joana.id : null,
          recipient: index % 10 === 0 ? 'joana@x.com' : `socio${index}@x.com`,
          subject: `Mensagem ${index + 1}`,
          status: index % 3 === 0 ? ('kept' as const) : ('sent' as const),
          createdAt: new Date(start + index * 60_000),
        })),
      );
      const read = async (query: string) => {
        const response = await app.inject({
          url: `/api/backoffice/message/company/${club.company.id}?${query}`,
          headers: club.headers,
        });
        expect(response.statusCode).toBe(200);
        return response.json<Page>();
      };
      return { club, read };
    }

    it('walks every message once, newest first, saying how many there are', async () => {
      const { read } = await clubWith(250);
      const first = await read('take=100');
      expect(first.total).toBe(250);
      expect(first.items[0]!.subject).toBe('Mensagem 250');
      const third = await read('take=100&page=3');
      expect(third.items).toHaveLength(50);
      expect(third.items.at(-1)!.subject).toBe('Mensagem 1');
      const second = await read('take=100&page=2');
      const subjects = new Set(
        [...first.items, ...second.items, ...third.items].map((m) => m.subject),
      );
      expect(subjects.size).toBe(250);
      // Past the last page: nothing, and still the total.
      expect(await read('take=100&page=4')).toMatchObject({ items: [], total: 250, page: 4 });
    });

    it('filters by state and searches the recipient, the member and the subject', async () => {
      const { read } = await clubWith(30);
      const kept = await read('status=kept');
      expect(kept.total).toBe(10);
      expect(kept.items.every((message) => message.status === 'kept')).toBe(true);
      // The member's name without its accent, in any case.
      expect((await read('search=ARAUJO')).total).toBe(3);
      expect((await read('search=socio29%40x')).items.map((m) => m.subject)).toEqual([
        'Mensagem 30',
      ]);
      expect((await read('search=joana%20mensagem%2021')).items.map((m) => m.subject)).toEqual([
        'Mensagem 21',
      ]);
      // LIKE's wildcards are only characters.
      expect((await read('search=%25')).total).toBe(0);
      expect((await read('status=sent&search=joana')).total).toBe(2);
    });

    it('reads a deep page in as many statements as the first', async () => {
      const { read } = await clubWith(120);
      const first = await counter.count(() => read('take=10'));
      const deep = await counter.count(() => read('take=10&page=11'));
      expect(deep).toBe(first);
    });

    it('refuses a page size, a page or a search out of bounds', async () => {
      const { app } = context;
      const { club } = await clubWith(1);
      for (const query of ['take=101', 'take=0', 'page=0', 'page=x', `search=${'a'.repeat(101)}`]) {
        const response = await app.inject({
          url: `/api/backoffice/message/company/${club.company.id}?${query}`,
          headers: club.headers,
        });
        expect(response.statusCode, query).toBe(400);
      }
    });
  });
});
