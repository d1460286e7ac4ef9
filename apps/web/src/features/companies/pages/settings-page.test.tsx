import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getCurrentCompany, setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { errorBody, mockFetch } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

function signedInClub(overrides: Parameters<typeof buildCompany>[0] = {}) {
  setSession(buildSession());
  const company = buildCompany({ name: 'Clube Demonstração', ...overrides });
  setCurrentCompany(company);
  return company;
}

describe('club settings page', () => {
  it('saves name and timezone, stores the club and shows the new name in the header', async () => {
    const company = signedInClub();
    const { requests } = mockFetch((request) => {
      if (request.method === 'PATCH') {
        const body = request.body as { name: string; timezone: string };
        return { status: 200, body: { ...company, ...body } };
      }
      return { status: 200, body: { items: [company] } };
    });
    renderApp('/settings');

    const form = await screen.findByRole('form', { name: 'Dados do clube' });
    const name = within(form).getByRole('textbox', { name: 'Nome do clube' });
    const timezone = within(form).getByRole('combobox', { name: 'Fuso horário' });
    expect(name).toHaveValue('Clube Demonstração');
    expect(timezone).toHaveValue('America/Sao_Paulo');
    expect(timezone).toHaveAccessibleDescription(/todas as datas e horários do clube/);
    expect(within(timezone).getAllByRole('option')).toHaveLength(12);

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Clube Náutico');
    await user.selectOptions(timezone, 'America/Manaus');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Configurações salvas!')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({
      url: `/api/backoffice/company/${company.id}`,
      body: { name: 'Clube Náutico', timezone: 'America/Manaus' },
    });
    expect(getCurrentCompany()).toMatchObject({
      name: 'Clube Náutico',
      timezone: 'America/Manaus',
    });
    expect(within(screen.getByRole('banner')).getByText('Clube Náutico')).toBeInTheDocument();
  });

  it('requires a name before sending anything', async () => {
    signedInClub();
    const { requests } = mockFetch(() => ({ status: 200, body: { items: [] } }));
    renderApp('/settings');

    const name = await screen.findByRole('textbox', { name: 'Nome do clube' });
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Campo obrigatório!')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('shows the server verdict on the timezone field and keeps the stored club', async () => {
    const company = signedInClub({ timezone: 'Europe/Lisbon' });
    mockFetch((request) =>
      request.method === 'PATCH'
        ? {
            status: 400,
            body: {
              ...errorBody(400, 'ValidationError', 'Dados inválidos. Verifique os campos.'),
              details: [
                { in: 'body', path: 'timezone', message: 'fuso horário IANA desconhecido' },
              ],
            },
          }
        : { status: 200, body: { items: [company] } },
    );
    renderApp('/settings');

    const timezone = await screen.findByRole('combobox', { name: 'Fuso horário' });
    // A zone set elsewhere stays selectable instead of silently becoming the first option.
    expect(timezone).toHaveValue('Europe/Lisbon');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Nome do clube' }), ' II');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('fuso horário IANA desconhecido')).toBeInTheDocument();
    expect(
      screen.getByText('Dados inválidos. Confira os campos e tente novamente.'),
    ).toBeInTheDocument();
    expect(getCurrentCompany()).toEqual(company);
  });

  it('toasts the generic failure when the server cannot save', async () => {
    const company = signedInClub();
    mockFetch((request) =>
      request.method === 'PATCH'
        ? { status: 503, body: 'indisponível' }
        : { status: 200, body: { items: [company] } },
    );
    renderApp('/settings');

    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Nome do clube' }), ' II');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Erro ao salvar!')).toBeInTheDocument();
    expect(getCurrentCompany()?.name).toBe('Clube Demonstração');
  });
});
