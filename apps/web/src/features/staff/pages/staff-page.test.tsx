import type { StaffMember } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const firstRender = { timeout: 10_000 };

const ana: StaffMember = {
  userId: '00000000-0000-4000-8000-00000000aaa1',
  name: 'Ana Souza',
  cpf: '52998224725',
  email: null,
  role: 'administrador',
  mustChangePassword: false,
  invitationPending: false,
  invitedByEmail: false,
  createdAt: '2026-01-10T12:00:00.000Z',
};

function signedInAdministrator() {
  const session = buildSession({ user: { ...buildSession().user, id: ana.userId } });
  setSession(session);
  const company = buildCompany();
  setCurrentCompany(company);
  return company;
}

describe('Equipe', () => {
  it('invites a person and shows the one-time password once; the list says the invitation is pending', async () => {
    const company = signedInAdministrator();
    const rita: StaffMember = {
      ...ana,
      userId: '00000000-0000-4000-8000-00000000aaa2',
      name: 'Rita Lima',
      cpf: '12345678909',
      role: 'recepcao',
      invitationPending: true,
    };
    let members = [ana];
    const { requests } = mockApi(
      route.get(`/backoffice/company/${company.id}/staff`, () => ({ items: members })),
      route.get('/auth/mail-delivery', { sendsMail: false }),
      route.post(`/backoffice/company/${company.id}/staff`, () => {
        members = [ana, rita];
        return { member: rita, oneTimePassword: 'abcdefgh2345', invitation: null };
      }),
    );
    renderApp('/staff');
    expect(await screen.findByText('Ana Souza', undefined, firstRender)).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar pessoa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar pessoa à equipe' });
    expect(
      await within(dialog).findByText(/Este servidor não envia e-mails: você recebe uma senha/),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('CPF'), '12345678909');
    await user.type(within(dialog).getByLabelText('Nome'), 'Rita Lima');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));

    const added = await screen.findByRole('dialog', { name: 'Convite criado' });
    expect(within(added).getByText('abcdefgh2345')).toBeVisible();
    expect(within(added).getByText(/informa esta como código de convite/)).toBeVisible();
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.body).toMatchObject({
      cpf: expect.stringMatching(/^123\.?456\.?789-?09$/) as unknown,
      name: 'Rita Lima',
      role: 'recepcao',
    });
    await user.click(within(added).getAllByRole('button', { name: 'Fechar' })[0]!);
    const row = (await screen.findByText('Rita Lima')).closest('li')!;
    expect(within(row).getByText('Convite pendente')).toBeVisible();
    expect(
      within(row).getByText('Aguardando a pessoa entrar com a senha provisória entregue.'),
    ).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Remover Rita Lima da equipe' }));
    expect(await screen.findByText(/O convite de Rita Lima é cancelado/)).toBeVisible();
  });

  it('says where the invitation went when the server sends mail, and shows no password', async () => {
    const company = signedInAdministrator();
    const bruno: StaffMember = {
      ...ana,
      userId: '00000000-0000-4000-8000-00000000aaa3',
      name: 'Bruno Lima',
      cpf: '12345678909',
      email: 'bruno@gmail.com',
      role: 'consulta',
      invitationPending: true,
      invitedByEmail: true,
    };
    let members = [ana];
    const { requests } = mockApi(
      route.get(`/backoffice/company/${company.id}/staff`, () => ({ items: members })),
      route.get('/auth/mail-delivery', { sendsMail: true }),
      route.post(`/backoffice/company/${company.id}/staff`, () => {
        members = [ana, bruno];
        return {
          member: bruno,
          oneTimePassword: null,
          invitation: { email: 'bruno@gmail.com', expiresAt: '2026-12-04T15:00:00.000Z' },
        };
      }),
    );
    renderApp('/staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adicionar pessoa' }, firstRender));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar pessoa à equipe' });
    expect(await within(dialog).findByText(/recebe neste e-mail o convite/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('CPF'), '12345678909');
    await user.type(within(dialog).getByLabelText('Nome'), 'Bruno Lima');
    await user.type(within(dialog).getByLabelText('E-mail (opcional)'), 'bruno@gmail.com');
    await user.selectOptions(within(dialog).getByLabelText('Papel'), 'consulta');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));

    const added = await screen.findByRole('dialog', { name: 'Convite criado' });
    expect(within(added).getByText('Convite enviado para b•••@g•••.com.')).toBeVisible();
    expect(within(added).getByText(/vale até 04\/12\/2026/)).toBeVisible();
    expect(within(added).queryByTestId('one-time-password')).toBeNull();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      email: 'bruno@gmail.com',
      role: 'consulta',
    });
    await user.click(within(added).getAllByRole('button', { name: 'Fechar' })[0]!);
    expect(
      await screen.findByText('Convite enviado para bruno@gmail.com; a pessoa ainda não aceitou.'),
    ).toBeVisible();
  });

  it('says why the last administrator cannot be demoted', async () => {
    const company = signedInAdministrator();
    mockApi(
      route.get(`/backoffice/company/${company.id}/staff`, { items: [ana] }),
      route.patch(
        `/backoffice/company/${company.id}/staff/${ana.userId}`,
        apiError('LastAdministrator'),
      ),
    );
    renderApp('/staff');
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Papel de Ana Souza' }, firstRender),
      'consulta',
    );
    expect(
      await screen.findByText(
        'O clube precisa de ao menos um administrador. Defina outro administrador antes.',
      ),
    ).toBeVisible();
  });
});
