import type { Message, MessageList } from '@clube/shared';
import { screen } from '@testing-library/react';
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
      }),
    );
    renderApp('/mensagens');

    expect(await screen.findByRole('heading', { name: 'Mensagens' }, firstRender)).toBeVisible();
    expect(await screen.findByText('Guardada aqui (e-mail não configurado)')).toBeVisible();
    expect(screen.getByText('Falhou')).toBeVisible();
    await user.click(screen.getByText('Crie sua senha de acesso — Clube'));
    expect(
      screen.getByRole('link', {
        name: 'http://127.0.0.1:3000/portal/acesso/senha#token=abc',
      }),
    ).toBeVisible();
    await user.click(screen.getByText('Reserva cancelada'));
    expect(screen.getByText('Tentativas: 8. Último erro: 550 No such user')).toBeVisible();
  });
});
