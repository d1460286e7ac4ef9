import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderSignedIn } from '@/testing/render';
import { InviteAssociateButton } from './invite-associate-button';

const associateId = '00000000-0000-4000-9000-000000000042';
const url = `/backoffice/associate/${associateId}/invitation`;

describe('the invitation to one associate', () => {
  it('sends it and says so', async () => {
    const { requests } = mockApi(route.post(url, { ok: true }));
    renderSignedIn(<InviteAssociateButton associateId={associateId} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Convidar para o portal' }));
    expect(
      await screen.findByText('Convite enviado para o e-mail do associado.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('on a server that sends no e-mail, says the link waits in Mensagens, never "enviado"', async () => {
    mockApi(route.post(url, { ok: true }), route.get('/auth/mail-delivery', { sendsMail: false }));
    renderSignedIn(<InviteAssociateButton associateId={associateId} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Convidar para o portal' }));
    expect(
      await screen.findByText(
        'Convite pronto. Este servidor não envia e-mails: entregue ao associado o link que está em Mensagens.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Convite enviado/)).not.toBeInTheDocument();
  });

  it('shows why the server refused it', async () => {
    mockApi(route.post(url, apiError('InvitationAlreadySentToday')));
    renderSignedIn(<InviteAssociateButton associateId={associateId} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Convidar para o portal' }));
    expect(
      await screen.findByText(
        'O convite já foi enviado hoje a este associado. Só é possível enviar outro amanhã.',
      ),
    ).toBeInTheDocument();
  });
});
