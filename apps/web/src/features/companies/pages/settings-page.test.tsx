import { type Company, updateCompanyBodySchema } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentCompany, setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

// The first render loads the lazy route, which can take a while when the suite runs in parallel.
const firstRender = { timeout: 30_000 };

function signedInClub(overrides: Parameters<typeof buildCompany>[0] = {}) {
  setSession(buildSession());
  const company = buildCompany({ name: 'Clube Demonstração', ...overrides });
  setCurrentCompany(company);
  // The caller's role in the club comes with the clubs: an administrator opens the settings.
  mockApi(route.get('/backoffice/company', { items: [company] }));
  return company;
}

/** The club's save: answers the club with what was sent (read as the API reads it). */
const saveCompany = (company: Company, changes: Partial<Company> = {}) =>
  route.patch<Company>(`/backoffice/company/${company.id}`, ({ body }) => ({
    ...company,
    ...updateCompanyBodySchema.parse(body),
    ...changes,
  }));

describe('club settings page', () => {
  it('shows "Sem permissão" with the reason to a role that cannot change the settings', async () => {
    signedInClub({ role: 'recepcao' });
    renderApp('/settings');
    expect(
      await screen.findByRole('heading', { name: 'Sem permissão' }, firstRender),
    ).toBeVisible();
    expect(
      screen.getByText('Somente administradores podem alterar as configurações.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Configurações' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Equipe' })).toBeNull();
  });

  it('shows the club name and its creation in the club timezone, without a later change', async () => {
    // 02:30:15 UTC on 1 March is still 28 February in São Paulo.
    signedInClub({ createdAt: '2026-03-01T02:30:15.000Z', updatedAt: '2026-03-01T02:30:15.000Z' });
    renderApp('/settings');

    const summary = await screen.findByRole('region', { name: 'Clube Demonstração' }, firstRender);
    expect(within(summary).getByRole('heading', { name: 'Clube Demonstração' })).toBeVisible();
    expect(within(summary).getByText('Criado em 28/02/2026 às 23:30:15')).toBeInTheDocument();
    expect(within(summary).queryByText(/^Última modificação em/)).toBeNull();
  });

  it('shows the last modification when it is later than the creation, and right after a save', async () => {
    const company = signedInClub({
      timezone: 'America/Manaus',
      createdAt: '2026-01-10T12:00:00.000Z',
      updatedAt: '2026-01-10T12:00:00.000Z',
    });
    mockApi(saveCompany(company, { updatedAt: '2026-02-20T18:45:09.123Z' }));
    renderApp('/settings');

    const summary = await screen.findByRole('region', { name: 'Clube Demonstração' }, firstRender);
    expect(within(summary).getByText('Criado em 10/01/2026 às 08:00:00')).toBeInTheDocument();
    expect(within(summary).queryByText(/^Última modificação em/)).toBeNull();

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Dados do clube' });
    await user.type(within(form).getByRole('textbox', { name: 'Nome do clube' }), ' II');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    const renamed = await screen.findByRole('region', { name: 'Clube Demonstração II' });
    expect(within(renamed).getByText('Criado em 10/01/2026 às 08:00:00')).toBeInTheDocument();
    expect(
      within(renamed).getByText('Última modificação em 20/02/2026 às 14:45:09'),
    ).toBeInTheDocument();
  });

  it('saves name and timezone, stores the club and shows the new name in the header', async () => {
    const company = signedInClub();
    const { requests } = mockApi(saveCompany(company));
    renderApp('/settings');

    const form = await screen.findByRole('form', { name: 'Dados do clube' }, firstRender);
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

    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
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
    const company = signedInClub();
    const { requests } = mockApi(saveCompany(company));
    renderApp('/settings');

    const name = await screen.findByRole('textbox', { name: 'Nome do clube' }, firstRender);
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
    mockApi(
      route.patch(
        `/backoffice/company/${company.id}`,
        apiError('ValidationError', {
          message: 'Dados inválidos. Verifique os campos.',
          details: [{ path: 'timezone', message: 'fuso horário IANA desconhecido' }],
        }),
      ),
    );
    renderApp('/settings');

    const timezone = await screen.findByRole('combobox', { name: 'Fuso horário' }, firstRender);
    // A zone set elsewhere stays selectable instead of silently becoming the first option.
    expect(timezone).toHaveValue('Europe/Lisbon');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Nome do clube' }), ' II');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('fuso horário IANA desconhecido')).toBeInTheDocument();
    expect(screen.getByText('Dados inválidos. Verifique os campos.')).toBeInTheDocument();
    // The stored club is unchanged (it is kept without the role, read from the API each time).
    const { role: _role, ...storedClub } = company;
    expect(getCurrentCompany()).toEqual(storedClub);
  });

  it('toasts the generic failure when the server cannot save', async () => {
    const company = signedInClub();
    mockApi(route.patch(`/backoffice/company/${company.id}`, reply(503, 'indisponível')));
    renderApp('/settings');

    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Nome do clube' }, firstRender),
      ' II',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Erro ao salvar.')).toBeInTheDocument();
    expect(getCurrentCompany()?.name).toBe('Clube Demonstração');
  });

  describe('logo', () => {
    // jsdom has no object URLs; the preview only needs an address.
    beforeEach(() => {
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:preview'),
        revokeObjectURL: vi.fn(),
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('uploads a new logo as multipart and shows it in the header at once', async () => {
      const company = signedInClub({ logoUrl: null });
      const logoUrl = '/api/uploads/0b9e6c1e-8f0a-4c39-9a55-3c1d2b7f4e10-logo.webp';
      const { requests } = mockApi(
        route.post<Company>(`/backoffice/company/${company.id}/logo`, { ...company, logoUrl }),
      );
      renderApp('/settings');

      const form = await screen.findByRole('form', { name: 'Logo' }, firstRender);
      const send = within(form).getByRole('button', { name: 'Enviar logo' });
      expect(send).toBeDisabled();
      expect(within(form).queryByRole('button', { name: 'Remover logo' })).toBeNull();

      const user = userEvent.setup();
      const file = new File(['png-bytes'], 'brasao.png', { type: 'image/png' });
      await user.upload(within(form).getByLabelText('Nova imagem do logo'), file);
      expect(
        within(form).getByRole('img', { name: 'Pré-visualização do novo logo' }),
      ).toHaveAttribute('src', 'blob:preview');
      await user.click(send);

      expect(await screen.findByText('Logo atualizado.')).toBeInTheDocument();
      const sent = requests.find((request) => request.method === 'POST');
      expect(sent?.url).toBe(`/api/backoffice/company/${company.id}/logo`);
      expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data/);
      // The chosen file goes as the `image` part (jsdom's file bytes do not reach Node's fetch).
      expect(((sent?.body as FormData).get('image') as Blob).type).toBe('image/png');
      expect(getCurrentCompany()?.logoUrl).toBe(logoUrl);
      const headerLogo = screen.getByRole('banner').querySelector('img[src$="-logo.webp"]');
      expect(headerLogo).not.toBeNull();
    });

    it('asks before removing the logo, then goes back to the default crest', async () => {
      const company = signedInClub({
        logoUrl: '/api/uploads/0b9e6c1e-8f0a-4c39-9a55-3c1d2b7f4e10-logo.webp',
      });
      const { requests } = mockApi(
        route.delete<Company>(`/backoffice/company/${company.id}/logo`, {
          ...company,
          logoUrl: null,
        }),
      );
      renderApp('/settings');

      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Remover logo' }, firstRender));
      const dialog = await screen.findByRole('dialog', { name: 'Remover logo' });
      expect(dialog).toHaveTextContent(
        'Tem certeza que deseja excluir? Essa ação não poderá ser desfeita.',
      );
      expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

      expect(await screen.findByText('Logo excluído.')).toBeInTheDocument();
      expect(requests.find((request) => request.method === 'DELETE')?.url).toBe(
        `/api/backoffice/company/${company.id}/logo`,
      );
      expect(getCurrentCompany()?.logoUrl).toBeNull();
    });

    it('explains a refused file with the server reason', async () => {
      const company = signedInClub();
      mockApi(
        route.post(`/backoffice/company/${company.id}/logo`, apiError('UnsupportedMediaType')),
      );
      renderApp('/settings');

      const form = await screen.findByRole('form', { name: 'Logo' }, firstRender);
      const user = userEvent.setup({ applyAccept: false });
      await user.upload(
        within(form).getByLabelText('Nova imagem do logo'),
        new File(['<svg/>'], 'logo.png', { type: 'image/png' }),
      );
      await user.click(within(form).getByRole('button', { name: 'Enviar logo' }));

      expect(await screen.findByText(/^Tipo de arquivo não suportado/)).toBeInTheDocument();
      expect(getCurrentCompany()?.logoUrl).toBeNull();
    });

    it('shows the text of the server code for a picture over 40 megapixels, with its limit', async () => {
      const company = signedInClub();
      mockApi(
        route.post(
          `/backoffice/company/${company.id}/logo`,
          // The screen reads the code and its values, whatever sentence the body carries.
          reply(413, {
            statusCode: 413,
            error: 'ImageTooManyPixels',
            message: 'texto do servidor',
            params: { maxMegapixels: 40 },
          }),
        ),
      );
      renderApp('/settings');

      const form = await screen.findByRole('form', { name: 'Logo' }, firstRender);
      const user = userEvent.setup();
      await user.upload(
        within(form).getByLabelText('Nova imagem do logo'),
        new File(['png-bytes'], 'foto-enorme.png', { type: 'image/png' }),
      );
      await user.click(within(form).getByRole('button', { name: 'Enviar logo' }));

      expect(
        await screen.findByText(
          'A imagem tem dimensões grandes demais. Envie uma imagem de até 40 megapixels.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText(/Arquivo maior que o limite/)).toBeNull();
    });
  });

  it('shows "Clube não encontrado." when the server answers that the club is not the staff member\'s', async () => {
    const company = signedInClub();
    mockApi(
      route.patch(
        `/backoffice/company/${company.id}`,
        // The screen reads the code, whatever sentence the body carries.
        reply(404, {
          statusCode: 404,
          error: 'CompanyNotFound',
          message: 'Registro não encontrado.',
        }),
      ),
    );
    renderApp('/settings');

    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Dados do clube' }, firstRender);
    await user.type(within(form).getByRole('textbox', { name: 'Nome do clube' }), ' II');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Clube não encontrado.')).toBeInTheDocument();
    expect(screen.queryByText('Registro não encontrado.')).toBeNull();
  });

  it('saves the no-show policy with the club name and timezone; 0 turns the suspension off', async () => {
    const company = signedInClub();
    const { requests } = mockApi(saveCompany(company));
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Política de faltas' }, firstRender);
    const field = (name: RegExp) => within(form).getByRole('spinbutton', { name });
    expect(field(/^Tolerância/)).toHaveValue(15);
    expect(field(/^Faltas que suspendem/)).toHaveValue(0);
    expect(field(/^Período considerado/)).toBeDisabled();

    const user = userEvent.setup();
    await user.clear(field(/^Faltas que suspendem/));
    await user.type(field(/^Faltas que suspendem/), '3');
    expect(field(/^Período considerado/)).toBeEnabled();
    await user.clear(field(/^Tolerância/));
    await user.type(field(/^Tolerância/), '20');
    await user.click(within(form).getByRole('button', { name: 'Salvar política de faltas' }));

    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Clube Demonstração',
      timezone: 'America/Sao_Paulo',
      noShowToleranceMinutes: 20,
      noShowSuspensionCount: 3,
      noShowWindowDays: 30,
      noShowSuspensionDays: 7,
    });
  });

  it('sets the reminder hours before a booking; 0 turns the reminders off', async () => {
    const company = signedInClub({ reminderHours: 24 });
    const { requests } = mockApi(saveCompany(company));
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Lembrete das reservas' }, firstRender);
    const hours = within(form).getByRole('spinbutton', { name: /^Enviar lembrete/ });
    expect(hours).toHaveValue(24);

    const user = userEvent.setup();
    await user.clear(hours);
    await user.type(hours, '200');
    await user.click(within(form).getByRole('button', { name: 'Salvar lembrete' }));
    expect(await within(form).findByText('Máximo 168 horas')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(within(form).getByRole('button', { name: 'Salvar lembrete' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Clube Demonstração',
      timezone: 'America/Sao_Paulo',
      reminderHours: null,
    });
  });
});
