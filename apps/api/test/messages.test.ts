import { describe, expect, it } from 'vitest';
import { enqueueMessages } from '../src/lib/mail/enqueue-messages';
import { createAssociate, createClubWithBearer, createUser } from './factories';
import { build } from './helper';

const context = build();

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
});
