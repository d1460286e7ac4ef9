import { type Company, updateCompanyBodySchema } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const firstRender = { timeout: 30_000 };

describe('club settings: waitlists', () => {
  it('sets the offer minutes and the most lines per title, refusing values out of range', async () => {
    setSession(buildSession());
    const company = buildCompany({ name: 'Clube Demonstração' });
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get('/backoffice/company', { items: [company] }),
      route.patch<Company>(`/backoffice/company/${company.id}`, ({ body }) => ({
        ...company,
        ...updateCompanyBodySchema.parse(body),
      })),
    );
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Listas de espera' }, firstRender);
    const minutes = within(form).getByRole('spinbutton', { name: /^Minutos que a oferta/ });
    const most = within(form).getByRole('spinbutton', { name: /^Máximo de listas/ });
    expect(minutes).toHaveValue(15);
    expect(most).toHaveValue(3);

    const user = userEvent.setup();
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.clear(most);
    await user.type(most, '51');
    await user.click(within(form).getByRole('button', { name: 'Salvar listas de espera' }));
    expect(await within(form).findByText('Mínimo 1 minuto')).toBeInTheDocument();
    expect(within(form).getByText('Máximo 50')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    await user.clear(minutes);
    await user.type(minutes, '10');
    await user.clear(most);
    await user.type(most, '2');
    await user.click(within(form).getByRole('button', { name: 'Salvar listas de espera' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Clube Demonstração',
      timezone: 'America/Sao_Paulo',
      waitlistOfferMinutes: 10,
      waitlistMaxPerTitle: 2,
    });
  });
});
