import type { AssociateAppointmentsSummary, Message } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildAssociate, buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { associatePageRoutes, emptySummary } from './associate-page-routes';

const company = buildCompany();
const associate = buildAssociate({
  companyId: company.id,
  user: { name: 'Ana Lima', cpf: '11144477735', email: null, phone: null },
});
const summary = (suspended: boolean): AssociateAppointmentsSummary => ({
  ...emptySummary,
  attendance: { bookings: 9, checkIns: 5, noShows: 3, lateCancellations: 1 },
  suspension: suspended
    ? {
        id: '77777777-7777-4777-8777-777777777777',
        associateTitleId: associate.associateTitleId,
        startsAt: '2026-06-10T17:00:00.000Z',
        endsAt: '2026-06-17T17:00:00.000Z',
        reason: '3 faltas em 30 dias',
        cause: 'no-shows',
      }
    : null,
});

describe('associate page: attendance and suspension', () => {
  it('shows the attendance and the suspension with its end, and lifts it early', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    let lifted = false;
    const { requests } = mockApi(
      ...associatePageRoutes(associate, { summary: () => summary(!lifted) }),
      route.patch('/backoffice/associate-title/:titleId/lift-suspension', () => {
        lifted = true;
        return { lifted: 1 };
      }),
    );
    renderApp(`/associates/${associate.id}`);

    await screen.findByRole('heading', { name: 'Ana Lima' }, { timeout: 10_000 });
    const attendance = (await screen.findByRole('heading', { name: 'Frequência' })).parentElement!;
    expect(within(attendance).getByText('Faltas').nextSibling).toHaveTextContent('3');
    expect(within(attendance).getByText('Cancelamentos tardios').nextSibling).toHaveTextContent(
      '1',
    );
    expect(screen.getByText('Título suspenso por faltas até 17/06/2026')).toBeInTheDocument();
    expect(screen.getByText('Motivo: 3 faltas em 30 dias')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Encerrar suspensão' }));
    expect(await screen.findByText('Suspensão encerrada.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText(/^Título suspenso por faltas/)).not.toBeInTheDocument(),
    );
    expect(
      requests.some(
        (request) =>
          request.method === 'PATCH' &&
          request.url ===
            `/api/backoffice/associate-title/${associate.associateTitleId}/lift-suspension`,
      ),
    ).toBe(true);
  }, 20_000);
});

describe('associate page: who the member is', () => {
  function open(overrides: Parameters<typeof buildAssociate>[0]) {
    setSession(buildSession());
    setCurrentCompany(company);
    const member = buildAssociate({ companyId: company.id, ...overrides });
    mockApi(...associatePageRoutes(member, { summary: summary(false) }));
    renderApp(`/associates/${member.id}`);
    return member;
  }

  it('shows the e-mail, the portal access, the title members and books for the member', async () => {
    const son = {
      id: '88888888-8888-4888-8888-888888888888',
      name: 'Pedro Lima',
      cardId: '10002',
      isHolder: false,
    };
    const member = open({
      user: { name: 'Ana Lima', cpf: '11144477735', email: 'ana@exemplo.com.br', phone: null },
      portalAccess: true,
      titleMembers: [son],
    });
    await screen.findByRole('heading', { name: 'Ana Lima' }, { timeout: 10_000 });
    expect(screen.getByText('E-mail').nextSibling).toHaveTextContent('ana@exemplo.com.br');
    expect(screen.getByText('Portal do associado').nextSibling).toHaveTextContent('Senha definida');
    expect(screen.getByRole('link', { name: 'Pedro Lima' })).toHaveAttribute(
      'href',
      `/associates/${son.id}`,
    );
    expect(screen.getByRole('link', { name: 'Reservar para este associado' })).toHaveAttribute(
      'href',
      `/day-sheet?para=${member.id}`,
    );
    expect(screen.getByRole('button', { name: 'Alterar senha do portal' })).toBeVisible();
  }, 20_000);

  it('says when the e-mail is missing and the member never set a portal password', async () => {
    open({ user: { name: 'Ana Lima', cpf: '11144477735', email: null, phone: null } });
    await screen.findByRole('heading', { name: 'Ana Lima' }, { timeout: 10_000 });
    expect(screen.getByText('E-mail').nextSibling).toHaveTextContent('Não informado');
    expect(screen.getByText('Portal do associado').nextSibling).toHaveTextContent(
      'Sem senha: ainda não acessou o portal',
    );
    expect(screen.getByText('Nenhum outro membro neste título.')).toBeVisible();
  }, 20_000);
});

describe('associate page: messages sent', () => {
  it('shows what was sent to the member, its state, when, and the error of a failure', async () => {
    const user = userEvent.setup();
    setSession(buildSession());
    setCurrentCompany(company);
    const message = (overrides: Partial<Message>): Message => ({
      id: crypto.randomUUID(),
      kind: 'booking-confirmed',
      associateId: associate.id,
      associateName: 'Ana Lima',
      recipient: 'ana@exemplo.com',
      subject: 'Reserva confirmada — Clube Demonstração',
      textBody: 'Olá, Ana!\n\nSua reserva está confirmada.',
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: '2026-06-10T13:00:00.000Z',
      sentAt: '2026-06-10T13:00:05.000Z',
      ...overrides,
    });
    const { requests } = mockApi(
      ...associatePageRoutes(associate, {
        summary: summary(false),
        messages: {
          items: [
            message({
              subject: 'Lembrete da sua reserva — Clube Demonstração',
              status: 'failed',
              sentAt: null,
              lastError: '550 Mailbox unavailable',
            }),
            message({
              recipient: '',
              status: 'notice',
              sentAt: null,
              kind: 'booking-reminder',
              pushes: { sent: 0, pending: 1, failed: 1 },
            }),
            message({ pushes: { sent: 2, pending: 0, failed: 0 } }),
          ],
          total: 3,
          page: 1,
          take: 50,
        },
      }),
    );
    renderApp(`/associates/${associate.id}`);

    const section = (
      await screen.findByRole('heading', { name: 'Mensagens enviadas' }, { timeout: 10_000 })
    ).parentElement!;
    expect(await within(section).findByText('Erro: 550 Mailbox unavailable')).toBeVisible();
    expect(within(section).getByText('Falhou')).toBeVisible();
    expect(within(section).getByText('Somente no portal (sem e-mail)')).toBeVisible();
    expect(within(section).getByText('Entregue ao servidor de e-mail')).toBeVisible();
    expect(within(section).getByText('Enviada em 10/06/26 10:00')).toBeVisible();
    expect(within(section).getByText(/Somente no portal$/)).toBeVisible();
    // Its notifications on the member's devices, by outcome.
    expect(within(section).getByText('Notificação entregue a 2 aparelhos.')).toBeVisible();
    expect(
      within(section).getByText(
        'Notificação aguardando envio a 1 aparelho · notificação não entregue a 1 aparelho.',
      ),
    ).toBeVisible();
    const lookup = requests.find((request) => request.url.includes('/backoffice/message/'));
    expect(lookup?.query.get('associateId')).toBe(associate.id);

    await user.click(within(section).getAllByRole('button', { name: 'Ver texto' })[0]!);
    expect(within(section).getByText(/Sua reserva está confirmada\./)).toBeVisible();
  });
});

describe('associate page: weekly series', () => {
  it("lists the member's series and marks a series' booking with its activity", async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    const seriesId = '99999999-9999-4999-8999-999999999999';
    mockApi(
      ...associatePageRoutes(associate, {
        summary: {
          ...summary(false),
          upcoming: [
            {
              id: '99999999-9999-4999-8999-999999999998',
              placeId: '99999999-9999-4999-8999-999999999997',
              placeName: 'Quadra 2',
              startsAt: '2099-03-03T21:00:00.000Z',
              endsAt: '2099-03-03T22:00:00.000Z',
              status: 'SCHEDULED',
              exceptionReason: null,
              series: { id: seriesId, activityName: 'Escolinha de tênis' },
            },
          ],
        },
        series: ({ query }) => ({
          items:
            query.get('associateId') === associate.id
              ? [
                  {
                    id: seriesId,
                    companyId: company.id,
                    placeId: '99999999-9999-4999-8999-999999999997',
                    placeName: 'Quadra 2',
                    associate: { id: associate.id, name: 'Ana Lima', cardId: associate.cardId },
                    activityName: 'Escolinha de tênis',
                    weekdays: [2],
                    startTime: '18:00',
                    lengthMinutes: 60,
                    startsOn: '2099-03-03',
                    endsOn: '2099-03-31',
                    rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20990331T235900Z;WKST=MO',
                    createdAt: '2026-03-01T12:00:00.000Z',
                    cancelledAt: null,
                    bookings: [],
                  },
                ]
              : [],
        }),
      }),
    );
    renderApp(`/associates/${associate.id}`);
    const list = await screen.findByRole(
      'region',
      { name: 'Séries semanais' },
      { timeout: 10_000 },
    );
    expect(within(list).getByText('Escolinha de tênis · Quadra 2')).toBeVisible();
    expect(screen.getByText('Série · Escolinha de tênis')).toBeVisible();
  }, 20_000);
});
