import type { Message, MessageList } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
const firstRender = { timeout: 10_000 };

function message(overrides: Partial<Message>): Message {
  return {
    id: '00000000-0000-4000-9000-000000000001',
    kind: 'access-link',
    associateId: '00000000-0000-4000-9000-000000000002',
    associateName: 'Joana Souza',
    recipient: 'joana@exemplo.com',
    subject: 'Crie sua senha de acesso — Clube',
    textBody:
      'Olá, Joana!\n\nCriar minha senha: http://127.0.0.1:3000/portal/acesso/senha#token=abc',
    status: 'kept',
    attempts: 1,
    lastError: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    sentAt: '2026-01-10T12:00:01.000Z',
    ...overrides,
  };
}

describe('Mensagens', () => {
  it('lists the club’s messages with their state, and opens one with its link', async () => {
    const user = userEvent.setup();
    setSession(buildSession());
    setCurrentCompany(company);
    mockApi(
      route.get<MessageList>(`/backoffice/message/company/:companyId`, {
        items: [
          message({}),
          message({
            id: '00000000-0000-4000-9000-000000000003',
            subject: 'Reserva cancelada',
            status: 'failed',
            attempts: 8,
            lastError: '550 No such user',
          }),
        ],
        total: 2,
        page: 1,
        take: 50,
      }),
    );
    renderApp('/mensagens');

    expect(await screen.findByRole('heading', { name: 'Mensagens' }, firstRender)).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Mensagens do clube' });
    expect(within(list).getByText('Guardada aqui (e-mail não configurado)')).toBeVisible();
    expect(within(list).getByText('Falhou')).toBeVisible();
    await user.click(screen.getByText('Crie sua senha de acesso — Clube'));
    expect(
      screen.getByRole('link', {
        name: 'http://127.0.0.1:3000/portal/acesso/senha#token=abc',
      }),
    ).toBeVisible();
    await user.click(screen.getByText('Reserva cancelada'));
    expect(screen.getByText('Tentativas: 8. Último erro: 550 No such user')).toBeVisible();
  });

  it('pages through 2 001 messages with the total, and narrows them by state and search', async () => {
    const user = userEvent.setup();
    setSession(buildSession());
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get<MessageList>(`/backoffice/message/company/:companyId`, ({ query }) => {
        const page = Number(query.get('page') ?? '1');
        const isNarrowed = query.has('status') || query.has('search');
        const total = isNarrowed ? 3 : 2001;
        const count = Math.max(0, Math.min(50, total - (page - 1) * 50));
        return {
          items: Array.from({ length: count }, (_, index) =>
            message({
              id: `00000000-0000-4000-9000-${String((page - 1) * 50 + index).padStart(12, '0')}`,
              subject: `Mensagem ${total - (page - 1) * 50 - index}`,
            }),
          ),
          total,
          page,
          take: 50,
        };
      }),
    );
    const { router } = renderApp('/mensagens');

    expect(
      await screen.findByText('Exibindo 1 a 50 de 2.001 mensagens', {}, firstRender),
    ).toBeVisible();
    expect(screen.getByText('Mensagem 2001')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Página 41' }));
    expect(await screen.findByText('Exibindo 2.001 a 2.001 de 2.001 mensagens')).toBeVisible();
    expect(screen.getByText('Mensagem 1')).toBeVisible();
    expect(router.state.location.search).toBe('?pagina=41');

    await user.selectOptions(screen.getByLabelText('Situação'), 'Falhou');
    expect(await screen.findByText('Exibindo 1 a 3 de 3 mensagens')).toBeVisible();
    expect(router.state.location.search).toBe('?situacao=failed');
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou assunto' }),
      'joana',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?situacao=failed&q=joana'));
    await waitFor(() => {
      const latest = requests.filter((request) => request.url.includes('/message/')).at(-1)!;
      expect(latest.query.get('search')).toBe('joana');
      expect(latest.query.get('status')).toBe('failed');
      expect(latest.query.get('page')).toBe('1');
    });
  });

  it('says when the server sends no e-mail: the links are handed over from here', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    mockApi(
      route.get('/auth/mail-delivery', { sendsMail: false }),
      route.get<MessageList>(`/backoffice/message/company/:companyId`, {
        items: [message({})],
        total: 1,
        page: 1,
        take: 50,
      }),
    );
    renderApp('/mensagens');
    expect(
      await screen.findByText(
        /^Este servidor não envia e-mails: as mensagens ficam guardadas aqui/,
        {},
        firstRender,
      ),
    ).toBeVisible();
  });
});
