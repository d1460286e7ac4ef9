import { accountLinks, auditEvents } from '@clube/db';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addStaff, bearerFor, createAssociate, createUser, freshAddress } from '../../factories';
import { build } from '../../helper';
import { invitationsScene, tokenIn } from './invitations-scene';

const context = build({ publicUrl: 'https://reservas.clube.test' });
const { club, freshEmail, inviteOne, invitationsTo } = invitationsScene(context);

describe('the invitation to one member', () => {
  it('mails a first-access link, in Portuguese HTML and text, that sets the password once', async () => {
    const { company, headers } = await club('Clube & Cia');
    const member = await createAssociate(context.db, company.id, {
      name: 'Zé<b> Carvalho',
      email: ` ${freshEmail()} `,
    });
    const response = await inviteOne(headers, member.id);
    expect(response.statusCode, response.body).toBe(202);

    const [message] = await invitationsTo(member.id);
    expect(message!.recipient).toBe(member.email!.trim());
    expect(message!.subject).toBe('Convite para o portal do associado — Clube & Cia');
    expect(message!.textBody).toContain('Olá, Zé<b>!');
    expect(message!.textBody).toContain('O Clube & Cia agora tem um portal do associado');
    expect(message!.htmlBody).toContain('Olá, Zé&lt;b&gt;!');
    expect(message!.htmlBody).toContain('Clube &amp; Cia');
    expect(message!.htmlBody).not.toContain('<b>');
    expect(message!.textBody).toContain('O link vale por 7 dias');
    const token = tokenIn(message!.textBody);
    expect(message!.textBody).toContain(
      `https://reservas.clube.test/portal/acesso/senha#token=${token}`,
    );
    expect(message!.htmlBody).toContain(`#token=${token}`);
    expect(token).toHaveLength(43);

    const [link] = await context.db
      .select({
        purpose: accountLinks.purpose,
        days: sql<number>`extract(epoch from ${accountLinks.expiresAt} - now()) / 86400`,
      })
      .from(accountLinks)
      .where(eq(accountLinks.associateId, member.id));
    expect(link!.purpose).toBe('invitation');
    expect(Number(link!.days)).toBeGreaterThan(6.9);

    const redeem = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/portal/auth/access-link/redeem',
        payload: { token, newPassword: 'minha-senha-nova' },
        remoteAddress: freshAddress(),
      });
    expect((await redeem()).statusCode).toBe(200);
    expect((await redeem()).statusCode).toBe(410);

    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, member.id), eq(auditEvents.action, 'associate.invite')));
    expect(audit).toBeDefined();
  });

  it('goes at most once a day to the same member', async () => {
    const { company, headers } = await club();
    const member = await createAssociate(context.db, company.id, { email: freshEmail() });
    expect((await inviteOne(headers, member.id)).statusCode).toBe(202);
    const again = await inviteOne(headers, member.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'InvitationAlreadySentToday' });
    expect(await invitationsTo(member.id)).toHaveLength(1);
  });

  it('refuses a member without an e-mail, one with a portal password, and another club’s', async () => {
    const { company, headers } = await club();
    const withoutEmail = await createAssociate(context.db, company.id, { email: '  ' });
    const withPassword = await createAssociate(context.db, company.id, {
      email: freshEmail(),
      password: 'senha-do-socio',
    });
    const other = await club('Outro Clube');
    const ofOtherClub = await createAssociate(context.db, other.company.id, {
      email: freshEmail(),
    });
    const noEmail = await inviteOne(headers, withoutEmail.id);
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toMatchObject({ error: 'AssociateWithoutEmail' });
    const hasPassword = await inviteOne(headers, withPassword.id);
    expect(hasPassword.statusCode).toBe(409);
    expect(hasPassword.json()).toMatchObject({ error: 'AssociateHasPortalPassword' });
    expect((await inviteOne(headers, ofOtherClub.id)).statusCode).toBe(404);
    expect(await invitationsTo(ofOtherClub.id)).toHaveLength(0);
  });

  it('is for those who may set a member’s password: not Consulta', async () => {
    const { company } = await club();
    const member = await createAssociate(context.db, company.id, { email: freshEmail() });
    const reader = await createUser(context.db, { name: 'Consulta' });
    await addStaff(context.db, company.id, reader.id, 'consulta');
    const response = await inviteOne(await bearerFor(context.app, reader.cpf), member.id);
    expect(response.statusCode).toBe(403);
    expect(await invitationsTo(member.id)).toHaveLength(0);
  });
});
