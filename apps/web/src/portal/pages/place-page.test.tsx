import {
  addDaysToDate,
  clubToday,
  dateLabel,
  errorTexts,
  type PortalBookingCheck,
  type PortalBookingFailure,
  type PortalSlotList,
} from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, openEventStream, route } from '@/testing/mock-api';
import { setPortalSession } from '../lib/session';
import { buildMe, buildPlace, buildPortalSession, buildSlot } from '../testing/factories';
import { renderPortal } from '@/testing/render';

const failures: PortalBookingFailure[] = [
  { code: 'AgeRestriction', message: 'x', params: { minimumAge: 16 } },
  {
    code: 'WaitingPeriodRequired',
    message: 'y',
    params: { place: 'Piscina', date: '28/11/2099', time: '09:00' },
  },
  { code: 'ReservationsLimitReached', message: 'z', from: '2099-12-01' },
];
/** What the member reads for each: the minimum age, the booking that causes the waiting, the reset. */
const failureTexts = [
  'Quem vai usar a reserva não tem a idade mínima exigida por este espaço: 16 anos.',
  'O título já tem uma reserva nesta categoria que impede esta (no mesmo dia ou no mesmo horário do dia anterior): Piscina, 28/11/2099 às 09:00.',
  `${errorTexts.ReservationsLimitReached} A cota do título renova em 01/12/2099.`,
];

/** A signed-in holder on a place's page with one free and one taken slot; `handlers` add routes. */
function scene(...handlers: HttpHandler[]) {
  const session = buildPortalSession();
  setPortalSession(session);
  const me = buildMe(session);
  const place = buildPlace();
  const free = buildSlot('2099-11-28T13:00:00.000Z');
  const taken = buildSlot('2099-11-28T14:00:00.000Z', { state: 'taken' });
  const { requests } = mockApi(
    route.get('/portal/me', me),
    route.get('/portal/places', { items: [place] }),
    route.get<PortalSlotList>(`/portal/places/${place.id}/slots`, {
      date: '2099-11-28',
      items: [free, taken],
    }),
    ...handlers,
  );
  renderPortal(`/espacos/${place.id}`);
  return { requests, session, me, place, free };
}

describe('booking a slot', () => {
  it('shows the table text of each code with its values and the block reason, not the body sentence', async () => {
    const user = userEvent.setup();
    const refusals = [
      { code: 'TitleBlocked', message: 'texto do servidor', reason: 'Mensalidade em atraso' },
      { code: 'TitleSuspended', message: 'texto do servidor', params: { endDate: '05/12/2099' } },
    ];
    scene(
      route.post('/portal/bookings/check', {
        ok: false,
        failures: refusals,
        quota: { used: 0, limit: 0 },
      }),
    );

    await user.click(await screen.findByRole('button', { name: /10:00\s*Livre/ }));
    const dialog = await screen.findByRole('dialog');
    const refusal = await within(dialog).findByRole('alert');
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'O título está bloqueado para reservas. Motivo: Mensalidade em atraso',
      'O título está suspenso por faltas até 05/12/2099.',
    ]);
  });

  it('lists every rule the check says the booking breaks, and does not let it be confirmed', async () => {
    const user = userEvent.setup();
    const { requests, me, place, free } = scene(
      route.post<PortalBookingCheck>('/portal/bookings/check', {
        ok: false,
        failures,
        quota: { used: 4, limit: 4 },
      }),
    );

    expect(await screen.findByRole('button', { name: /10:00\s*Livre/ })).toBeVisible();
    // A taken slot never says who holds it; tapped, it offers its waitlist.
    expect(screen.getByRole('button', { name: /^11:00\s*Reservado$/ })).toBeVisible();
    const takenSlot = screen.getByText('11:00').closest('li');
    expect(takenSlot).toHaveTextContent(/^11:00\s*Reservado$/);

    await user.click(screen.getByRole('button', { name: /10:00\s*Livre/ }));
    const dialog = await screen.findByRole('dialog');
    // A holder books for any member of the title: the dependant is chosen.
    const dependant = me.title.members[1]!;
    await user.selectOptions(within(dialog).getByLabelText('Para quem é a reserva'), dependant.id);

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Não é possível fazer esta reserva:');
    const listed = within(refusal)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toEqual(failureTexts);
    expect(within(dialog).getByRole('button', { name: 'Confirmar reserva' })).toBeDisabled();

    const checks = requests.filter((request) => request.url === '/api/portal/bookings/check');
    expect(checks.at(-1)?.body).toEqual({
      placeId: place.id,
      startsAt: free.startsAt,
      associateId: dependant.id,
    });
    expect(requests.some((request) => request.url === '/api/portal/bookings')).toBe(false);
  });

  it('lists every failure of a booking the API refuses when it is sent', async () => {
    const user = userEvent.setup();
    const { requests } = scene(
      route.post<PortalBookingCheck>('/portal/bookings/check', {
        ok: true,
        failures: [],
        quota: { used: 3, limit: 4 },
      }),
      // Someone else booked in between: the POST answers the first failure and all of them.
      route.post(
        '/portal/bookings',
        apiError('AgeRestriction', { message: failures[0]!.message, details: { failures } }),
      ),
    );

    await user.click(await screen.findByRole('button', { name: /10:00\s*Livre/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        '3 de 4 reservas deste mês usadas pelo seu título neste espaço.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reserva' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(failureTexts);
    expect(requests.filter((request) => request.url === '/api/portal/bookings')).toHaveLength(1);
  });
});

describe('a day in the link outside the booking window', () => {
  function openOn(day: string) {
    const session = buildPortalSession();
    setPortalSession(session);
    const place = buildPlace({ availableBookingDays: 7 });
    mockApi(
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/places', { items: [place] }),
      route.get<PortalSlotList>(`/portal/places/${place.id}/slots`, ({ query }) => ({
        date: query.get('date') ?? '',
        items: [],
      })),
    );
    renderPortal(`/espacos/${place.id}?dia=${day}`);
    return { today: clubToday(session.club.timezone) };
  }

  it('says when a later day opens, and which days can be booked now', async () => {
    const { today } = openOn(addDaysToDate(clubToday('America/Sao_Paulo'), 10));
    expect(
      await screen.findByText(
        `As reservas para ${dateLabel(addDaysToDate(today, 10))} abrem em ${dateLabel(addDaysToDate(today, 3))}; hoje é possível reservar até ${dateLabel(addDaysToDate(today, 7))}. Mostrando os horários de hoje.`,
      ),
    ).toBeVisible();
  });

  it('says a past day has passed', async () => {
    openOn('2020-01-15');
    expect(
      await screen.findByText('O dia 15/01/2020 já passou. Mostrando os horários de hoje.'),
    ).toBeVisible();
  });

  it('says a day that does not exist is not a day', async () => {
    openOn('2030-02-31');
    expect(
      await screen.findByText('A data do endereço não existe. Mostrando os horários de hoje.'),
    ).toBeVisible();
  });

  it('says nothing for a day inside the window', async () => {
    openOn(addDaysToDate(clubToday('America/Sao_Paulo'), 2));
    expect(await screen.findByRole('heading', { name: /^Horários de/ })).toBeVisible();
    expect(screen.queryByText(/Mostrando os horários de hoje/)).toBeNull();
  });
});

describe('live availability', () => {
  it('turns a free slot taken when the club says it was booked elsewhere, without a reload', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const place = buildPlace();
    const today = clubToday(session.club.timezone);
    const slot = buildSlot('2099-11-28T13:00:00.000Z');
    const stream = openEventStream();
    let booked = false;
    mockApi(
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/places', { items: [place] }),
      route.get<PortalSlotList>(`/portal/places/${place.id}/slots`, () => ({
        date: today,
        items: [booked ? { ...slot, state: 'taken' } : slot],
      })),
      route.get('/portal/events', stream.response),
    );
    renderPortal(`/espacos/${place.id}`);
    expect(await screen.findByRole('button', { name: /10:00\s*Livre/ })).toBeInTheDocument();

    booked = true;
    stream.send({
      companyId: session.club.id,
      kind: 'appointment.created',
      placeId: place.id,
      date: today,
    });

    expect(await screen.findByText('Reservado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /10:00\s*Livre/ })).not.toBeInTheDocument();
  });

  it("ignores another club's events", async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const place = buildPlace();
    const today = clubToday(session.club.timezone);
    const stream = openEventStream();
    let reads = 0;
    mockApi(
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/places', { items: [place] }),
      route.get<PortalSlotList>(`/portal/places/${place.id}/slots`, () => {
        reads += 1;
        return { date: today, items: [buildSlot('2099-11-28T13:00:00.000Z')] };
      }),
      route.get('/portal/events', stream.response),
    );
    renderPortal(`/espacos/${place.id}`);
    await screen.findByRole('button', { name: /10:00\s*Livre/ });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const readsBefore = reads;
    stream.send({
      companyId: '99999999-9999-4999-8999-999999999999',
      kind: 'appointment.created',
      placeId: place.id,
      date: today,
    });
    stream.send({
      companyId: session.club.id,
      kind: 'appointment.created',
      placeId: place.id,
      date: addDaysToDate(today, 1),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(readsBefore);
  });
});

describe('slots for this member', () => {
  it("says which slots are the title's and which the title's rules refuse, and why when tapped", async () => {
    const user = userEvent.setup();
    const session = buildPortalSession();
    setPortalSession(session);
    const place = buildPlace();
    mockApi(
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/places', { items: [place] }),
      route.get<PortalSlotList>(`/portal/places/${place.id}/slots`, {
        date: '2099-11-28',
        items: [
          buildSlot('2099-11-28T12:00:00.000Z', { state: 'own' }),
          buildSlot('2099-11-28T13:00:00.000Z', { state: 'taken' }),
          buildSlot('2099-11-28T14:00:00.000Z', {
            state: 'refused',
            rule: 'ReservationsLimitReached',
          }),
          buildSlot('2099-11-28T15:00:00.000Z', {
            state: 'refused',
            rule: 'WaitingPeriodRequired',
          }),
        ],
      }),
      route.post<PortalBookingCheck>('/portal/bookings/check', {
        ok: false,
        failures: [
          {
            code: 'ReservationsLimitReached',
            message: errorTexts.ReservationsLimitReached,
            from: '2099-12-01',
          },
        ],
        quota: { used: 1, limit: 1 },
      }),
    );
    renderPortal(`/espacos/${place.id}`);

    // The title's own booking is no button and reads differently from another family's.
    expect(await screen.findByText('Reserva do seu título')).toBeInTheDocument();
    expect(screen.getByText('Reservado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /09:00/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Livre')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /12:00\s*Título já tem reserva/ }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /11:00\s*Cota do mês usada/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      errorTexts.ReservationsLimitReached,
    );
    expect(within(dialog).getByRole('button', { name: 'Confirmar reserva' })).toBeDisabled();
  });
});

describe('the place’s photos', () => {
  it('shows every photo as a gallery, the chosen one large', async () => {
    const user = userEvent.setup();
    const session = buildPortalSession();
    setPortalSession(session);
    const photo = (id: string, description: string) => ({
      id,
      description,
      imageUrl: `/api/uploads/${id}.webp`,
      thumbnailUrl: `/api/uploads/${id}-mini.webp`,
      width: 1200,
      height: 800,
    });
    const place = buildPlace({
      images: [
        photo('a1111111-1111-4111-8111-111111111111', 'Piscina de dia'),
        photo('b2222222-2222-4222-8222-222222222222', 'Piscina ao entardecer'),
        photo('c3333333-3333-4333-8333-333333333333', 'Vestiário'),
      ],
    });
    mockApi(
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/places', { items: [place] }),
      route.get<PortalSlotList>(`/portal/places/${place.id}/slots`, {
        date: '2099-11-28',
        items: [],
      }),
    );
    renderPortal(`/espacos/${place.id}`);

    const gallery = await screen.findByRole('region', { name: `Fotos de ${place.name}` });
    expect(within(gallery).getByRole('img', { name: 'Piscina de dia' })).toBeVisible();
    expect(within(gallery).getByText('Foto 1 de 3')).toBeVisible();
    const thumbnails = within(gallery).getAllByRole('button', { name: /^Mostrar foto/ });
    expect(thumbnails).toHaveLength(3);

    await user.click(within(gallery).getByRole('button', { name: 'Mostrar foto 3 de 3' }));
    expect(within(gallery).getByRole('img', { name: 'Vestiário' })).toBeVisible();
    expect(within(gallery).getByRole('button', { name: 'Mostrar foto 3 de 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(gallery).getByRole('button', { name: 'Próxima foto' }));
    expect(within(gallery).getByRole('img', { name: 'Piscina de dia' })).toBeVisible();
    await user.click(within(gallery).getByRole('button', { name: 'Foto anterior' }));
    expect(within(gallery).getByText('Foto 3 de 3')).toBeVisible();
  });
});
