import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import type { AssociateList, InvitationSummary } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
// The lazily loaded page can take a while on a busy machine.
const firstRender = { timeout: 10_000 };

function associate(index: number, name: string, portalAccess = false) {
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
    portalAccess,
    createdAt: '2025-01-01T12:00:00.000Z',
    updatedAt: '2025-01-01T12:00:00.000Z',
  };
}

const noInvitation: InvitationSummary = { eligible: 0, latestBatch: null };

/** The associates page with two associates; `handlers` add routes or replace the list's. */
function start(path: string, ...handlers: HttpHandler[]) {
  setSession(buildSession());
  setCurrentCompany(company);
  mockApi(
    route.get('/backoffice/associate/findAllPaginated', {
      items: [associate(1, 'João Araújo'), associate(2, 'Maria Silva')],
      total: 2,
      nextCursor: null,
      previousCursor: null,
    }),
    route.get(`/backoffice/associate/invitation/company/${company.id}`, noInvitation),
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

describe('paging a large club', () => {
  /** Pages by cursor: `after=c1` is the second page, `before=c2` goes back to it from the third. */
  const pageOf = (request: { query: URLSearchParams }): AssociateList => {
    const after = request.query.get('after');
    const before = request.query.get('before');
    const index = after === 'c1' || before === 'c2' ? 2 : after === 'c2' ? 3 : 1;
    return {
      items: [associate(index * 10, `Sócia da página ${index}`)],
      total: 2000,
      nextCursor: `c${index}`,
      previousCursor: index > 1 ? `p${index}` : null,
    };
  };

  it('says the exact total and walks Próxima and Anterior with the cursors in the URL', async () => {
    const { requests, router } = start(
      '/associates?q=silva&size=10',
      route.get('/backoffice/associate/findAllPaginated', pageOf),
    );
    expect(await screen.findByText('Sócia da página 1', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByText('Exibindo 1 a 1 de 2.000 resultados')).toBeInTheDocument();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Sócia da página 2')).toBeInTheDocument();
    expect(screen.getByText('Página 2')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Exibindo 11 a 11 de 2.000 resultados')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=silva&size=10&page=2&after=c1');

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Sócia da página 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=silva&size=10&page=3&after=c2');

    // Back: the page before the third's first row; the request pages by cursor, never by offset.
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=silva&size=10&page=2&before=p3'),
    );
    const lists = requests.filter((request) => request.url.includes('findAllPaginated'));
    expect(lists.at(-1)!.query.get('before')).toBe('p3');
    expect(
      lists.every((request) => request.query.get('skip') === '0' || !request.query.has('skip')),
    ).toBe(true);

    // Back to the first page: no cursor at all.
    await user.click(await screen.findByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=silva&size=10'));
    expect(await screen.findByText('Sócia da página 1')).toBeInTheDocument();
  }, 30_000);

  it('starts again from the first page when the search changes', async () => {
    const { router } = start(
      '/associates?page=2&after=c1',
      route.get('/backoffice/associate/findAllPaginated', pageOf),
    );
    expect(await screen.findByText('Sócia da página 2', {}, firstRender)).toBeInTheDocument();
    await userEvent
      .setup()
      .type(screen.getByRole('searchbox', { name: 'Buscar por nome, CPF ou carteirinha' }), 'ana');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana'));
  }, 30_000);
});

describe('portal invitations', () => {
  it('confirms with the number of members, sends, and shows the progress', async () => {
    let summary: InvitationSummary = { eligible: 1234, latestBatch: null };
    const batch = {
      id: '00000000-0000-4000-b000-000000000001',
      createdAt: '2026-11-27T12:00:00.000Z',
      total: 1234,
      failed: 0,
    };
    const { requests } = start(
      '/associates',
      route.get(`/backoffice/associate/invitation/company/${company.id}`, () => summary),
      route.post(`/backoffice/associate/invitation/company/${company.id}`, () => {
        summary = { eligible: 0, latestBatch: { ...batch, done: 0, pending: 1234 } };
        return summary;
      }),
    );
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Convidar para o portal' }, firstRender);
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Convidar para o portal' });
    expect(dialog).toHaveTextContent(
      'Enviar o convite para o portal a 1.234 associados com e-mail cadastrado e ainda sem senha?',
    );
    // Progress comes with the next reads of the summary.
    summary = { eligible: 0, latestBatch: { ...batch, done: 0, pending: 1234 } };
    await user.click(screen.getByRole('button', { name: 'Enviar 1.234 convites' }));
    expect(await screen.findByText('Envio dos convites iniciado.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(await screen.findByText('Enviando convites: 0 de 1.234')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Andamento do envio dos convites' }),
    ).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Convidar para o portal' })).toBeDisabled();

    summary = { eligible: 0, latestBatch: { ...batch, done: 1230, failed: 4, pending: 0 } };
    expect(
      await screen.findByText('Convites enviados: 1.230 de 1.234.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '4 convites não foram entregues (os que falharam no envio estão em Mensagens).',
      ),
    ).toBeInTheDocument();
  }, 30_000);
});

describe('portal invitations on a server that sends no e-mail', () => {
  it('prepares them for Mensagens and never says they were sent', async () => {
    let summary: InvitationSummary = { eligible: 39, latestBatch: null };
    const batch = {
      id: '00000000-0000-4000-b000-000000000002',
      createdAt: '2026-11-27T12:00:00.000Z',
      total: 39,
      failed: 0,
    };
    start(
      '/associates',
      route.get('/auth/mail-delivery', { sendsMail: false }),
      route.get(`/backoffice/associate/invitation/company/${company.id}`, () => summary),
      route.post(`/backoffice/associate/invitation/company/${company.id}`, () => {
        summary = { eligible: 0, latestBatch: { ...batch, done: 0, pending: 39 } };
        return summary;
      }),
    );
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Convidar para o portal' }, firstRender);
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Convidar para o portal' });
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Este servidor não envia e-mails: nenhum convite sai daqui.',
      ),
    );
    expect(dialog).toHaveTextContent(
      'Preparar o convite para o portal de 39 associados com e-mail cadastrado e ainda sem senha?',
    );
    await user.click(screen.getByRole('button', { name: 'Preparar 39 convites' }));
    expect(
      await screen.findByText('Preparando os convites: os links ficam em Mensagens.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Preparando convites: 0 de 39')).toBeInTheDocument();

    summary = { eligible: 0, latestBatch: { ...batch, done: 39, pending: 0 } };
    expect(
      await screen.findByText(
        'Convites prontos: 39 de 39. Este servidor não envia e-mails: nenhum associado recebeu o convite.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir Mensagens' })).toHaveAttribute(
      'href',
      '/mensagens',
    );
    expect(screen.queryByText(/Convites enviados/)).not.toBeInTheDocument();
  }, 30_000);
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
    const dialog = await screen.findByRole('dialog', { name: 'Alterar senha do portal' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nova senha'), '123');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.type(screen.getByLabelText('Nova senha'), '456');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Senha alterada.')).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(patch.url).toBe('/api/backoffice/associate/update-password');
    expect(patch.body).toEqual({ associateId: associate(2, '').id, newPassword: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says a refusal for the role in PermissionDenied's words, never Erro ao editar.", async () => {
    start(
      '/associates',
      route.patch('/backoffice/associate/update-password', apiError('PermissionDenied')),
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Editar senha de João Araújo' }, firstRender),
    );
    await user.type(await screen.findByLabelText('Nova senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('O seu papel neste clube não permite esta ação.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Erro ao editar.')).toBeNull();
  });

  it('offers a read-only role no password to set, and says why', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    mockApi(route.get('/backoffice/company', { items: [{ ...company, role: 'consulta' }] }));
    start('/associates');
    expect(await screen.findByText('João Araújo', {}, firstRender)).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Somente administradores e recepção podem bloquear associados e definir senhas do portal.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Editar senha/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Importar/ })).toBeNull();
  });

  it('says Erro ao editar. when the server fails without a known reason', async () => {
    start('/associates', route.patch('/backoffice/associate/update-password', reply(502)));
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Editar senha de João Araújo' }, firstRender),
    );
    await user.type(await screen.findByLabelText('Nova senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao editar.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Alterar senha do portal' })).toBeInTheDocument();
  });
});
