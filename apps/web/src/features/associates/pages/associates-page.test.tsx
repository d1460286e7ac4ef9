import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
// The lazily loaded page can take a while on a busy machine.
const firstRender = { timeout: 10_000 };

function associate(index: number, name: string) {
  return {
    id: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
    user: { name, cpf: '52998224725' },
    birthDate: '1990-05-10',
    cardId: String(1000 + index),
    associateTitle: {
      id: '00000000-0000-4000-a000-000000000001',
      name: 'Título 1',
      blocked: false,
    },
    isHolder: true,
    blocked: false,
    createdAt: '2025-01-01T12:00:00.000Z',
    updatedAt: '2025-01-01T12:00:00.000Z',
  };
}

/** The associates page with two associates; `handlers` add routes or replace the list's. */
function start(path: string, ...handlers: HttpHandler[]) {
  setSession(buildSession());
  setCurrentCompany(company);
  mockApi(
    route.get('/backoffice/associate/findAllPaginated', {
      items: [associate(1, 'João Araújo'), associate(2, 'Maria Silva')],
      total: 2,
    }),
  );
  const mock = mockApi(...handlers);
  return { ...mock, ...renderApp(path) };
}

describe('associates page', () => {
  it('lists name, card, formatted cpf and birth date, and keeps the search in the URL', async () => {
    const { requests, router } = start('/associates');
    expect(
      await screen.findByRole('heading', { name: 'Associados' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Associados do clube')).toBeInTheDocument();
    expect(await screen.findByText('João Araújo')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Carteirinha' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1001' })).toBeInTheDocument();
    expect(screen.getAllByText('529.982.247-25')).toHaveLength(2);
    expect(screen.getAllByText('10/05/1990')).toHaveLength(2);

    await userEvent
      .setup()
      .type(screen.getByRole('searchbox', { name: 'Buscar por nome, CPF ou carteirinha' }), 'joao');
    await waitFor(() => expect(router.state.location.search).toBe('?q=joao'));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('search=joao'))).toBe(true),
    );
    // Debounced: one request for the whole word, not one per letter.
    expect(requests.filter((request) => request.url.includes('search=j')).length).toBe(1);
  });

  it('reads page and size from the URL', async () => {
    const { requests } = start('/associates?page=3&size=10&q=ana');
    await screen.findByText('João Araújo', {}, firstRender);
    const list = requests.find((request) => request.url.includes('findAllPaginated'))!;
    expect(list.url).toContain('take=10');
    expect(list.url).toContain('skip=20');
    expect(list.url).toContain('search=ana');
    expect(
      screen.getByRole('searchbox', { name: 'Buscar por nome, CPF ou carteirinha' }),
    ).toHaveValue('ana');
  });

  it('shows the error text when the list fails', async () => {
    start(
      '/associates',
      route.get('/backoffice/associate/findAllPaginated', apiError('InternalServerError')),
    );
    expect(
      await screen.findByText('Erro ao carregar os dados.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 20_000);
});

describe('password dialog', () => {
  it('requires a password of at least 6 characters, then saves it', async () => {
    const { requests } = start(
      '/associates',
      route.patch('/backoffice/associate/update-password', { ok: true }),
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Editar senha de Maria Silva' }, firstRender),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Alterar senha' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nova senha'), '123');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.type(screen.getByLabelText('Nova senha'), '456');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Senha Alterada!')).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(patch.url).toBe('/api/backoffice/associate/update-password');
    expect(patch.body).toEqual({ associateId: associate(2, '').id, newPassword: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says Erro ao editar! when the server refuses', async () => {
    start(
      '/associates',
      route.patch('/backoffice/associate/update-password', apiError('AssociateNotFound')),
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Editar senha de João Araújo' }, firstRender),
    );
    await user.type(await screen.findByLabelText('Nova senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao editar!')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Alterar senha' })).toBeInTheDocument();
  });
});
