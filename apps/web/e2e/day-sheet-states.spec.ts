import { clubDateOf, clubTimeOf } from '@clube/shared';
import { expect, test } from './fixtures';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  demoTimezone,
  findUnblockedAssociate,
  slotStartingSoon,
  withClubOpenAllDay,
} from './helpers';

/** The member whose booking the demo seed leaves waiting for the front desk. */
const awaitingMemberName = 'Luís Otávio Mendes';

test.setTimeout(90_000);

test('the day sheet shows a member present and a no-show each with its own look, mark and legend entry', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const patch = (id: string, action: string) =>
    request.patch(`/api/backoffice/appointment/${id}/${action}`, { headers: session.headers });

  // A member present: a booking on a place of the spec's own that starts within minutes (check-in
  // opens 30 minutes before), checked in through the API as another desk would.
  const arrivals = await createPlaceThroughApi(
    request,
    session,
    `Quadra Presença ${Date.now()}`,
    undefined,
    { startsAt: '00:00', endsAt: '23:59', bookRange: 15 },
  );
  const associate = await findUnblockedAssociate(request, session, { take: 20 });
  const book = async () => {
    const slot = await slotStartingSoon(request, session, arrivals.id);
    if (!slot) return undefined;
    await bookThroughApi(request, session, {
      placeId: arrivals.id,
      associateId: associate.id,
      cardId: associate.cardId,
      slot,
    });
    return slot;
  };
  const soon = (await book()) ?? (await withClubOpenAllDay(request, session, book))!;
  const { items: arrivalsBookings } = (await (
    await request.get('/api/backoffice/appointment', {
      headers: session.headers,
      params: { placeId: arrivals.id, fromDate: clubDate(-1), toDate: clubDate(1) },
    })
  ).json()) as { items: { id: string }[] };
  const present = arrivalsBookings[0]!;
  expect((await patch(present.id, 'check-in')).status()).toBe(200);

  // A no-show: the booking the demo seed left waiting (it began a while ago). Another spec may
  // already have marked it; otherwise this one marks it and puts it back afterwards.
  const { items: places } = (await (
    await request.get(`/api/backoffice/place/company/${session.companyId}`, {
      headers: session.headers,
    })
  ).json()) as { items: { id: string; name: string }[] };
  const court = places.find((place) => place.name === 'Quadra Poliesportiva')!;
  const { items: courtBookings } = (await (
    await request.get('/api/backoffice/appointment', {
      headers: session.headers,
      params: { placeId: court.id, fromDate: clubDate(-1), toDate: clubDate(1) },
    })
  ).json()) as {
    items: { id: string; startsAt: string; status: string; associate: { name: string } }[];
  };
  const awaiting = courtBookings.find(
    (booking) =>
      booking.associate.name === awaitingMemberName &&
      (booking.status === 'SCHEDULED' || booking.status === 'NO_SHOW') &&
      Date.parse(booking.startsAt) < Date.now() - 15 * 60_000,
  )!;
  expect(awaiting).toBeDefined();
  const markedHere = awaiting.status === 'SCHEDULED';
  if (markedHere) expect((await patch(awaiting.id, 'no-show')).status()).toBe(200);

  try {
    const legend = page.getByRole('list', { name: 'Legenda' });
    const cellOf = (placeName: string, startsAt: string, state: string, member: string) =>
      page.getByRole('button', {
        name: `${placeName}, ${clubTimeOf(new Date(startsAt), demoTimezone)}: ${state} — ${member}`,
      });

    await page.goto(`/day-sheet?date=${clubDateOf(new Date(soon.startsAt), demoTimezone)}`);
    await expect(page.getByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
    await expect(legend.getByRole('listitem')).toHaveText([
      'Livre',
      'Agendado',
      'Presente',
      'Não compareceu',
      'Bloqueado',
      'Passado',
      'Indisponível',
      // The exception's entry shows its mark, the letter E, before the words.
      /Reservado como exceção$/,
    ]);
    const presentCell = cellOf(arrivals.name, soon.startsAt, 'Presente', associate.user.name);
    await expect(presentCell).toBeVisible();
    // Not by colour alone: the tick, also drawn in the legend's entry.
    await expect(presentCell.locator('[data-mark="checkedIn"]')).toBeVisible();
    await expect(legend.locator('[data-mark="checkedIn"]')).toBeVisible();

    await page.goto(`/day-sheet?date=${clubDateOf(new Date(awaiting.startsAt), demoTimezone)}`);
    const absentCell = cellOf(court.name, awaiting.startsAt, 'Não compareceu', awaitingMemberName);
    await expect(absentCell).toBeVisible();
    await expect(absentCell.locator('[data-mark="noShow"]')).toBeVisible();
    await expect(legend.locator('[data-mark="noShow"]')).toBeVisible();

    // Each state has its own colour, and the legend's swatch has the cell's.
    const background = (locator: typeof absentCell) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    const swatch = (look: string) => legend.locator(`[data-look="${look}"] > span`);
    expect(await background(absentCell)).toBe(await background(swatch('noShow')));
    await page.goto(`/day-sheet?date=${clubDateOf(new Date(soon.startsAt), demoTimezone)}`);
    expect(await background(presentCell)).toBe(await background(swatch('checkedIn')));
    expect(await background(presentCell)).not.toBe(await background(swatch('booked')));
    expect(await background(presentCell)).not.toBe(await background(swatch('noShow')));
  } finally {
    expect((await patch(present.id, 'undo-attendance')).status()).toBe(200);
    if (markedHere) expect((await patch(awaiting.id, 'undo-attendance')).status()).toBe(200);
  }
});
