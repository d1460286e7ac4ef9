import { expect, test } from './fixtures';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  timeSlotsThroughApi,
} from './helpers';

test('a whole field booked shows its halves taken on the day sheet', async ({
  request,
  api: session,
  staffPage: page,
}) => {
  const suffix = `${Date.now()}-${test.info().workerIndex}`;
  const whole = await createPlaceThroughApi(request, session, `Campo inteiro ${suffix}`);
  const halves = [
    await createPlaceThroughApi(request, session, `Meio campo A ${suffix}`, whole),
    await createPlaceThroughApi(request, session, `Meio campo B ${suffix}`, whole),
  ];
  const linked = await request.patch('/api/backoffice/place', {
    headers: session.headers,
    data: { id: whole.id, partPlaceIds: halves.map((half) => half.id) },
  });
  expect(linked.status()).toBe(200);

  const date = clubDate(2);
  const associate = await findUnblockedAssociate(request, session, { take: 20 });
  const slot = (await timeSlotsThroughApi(request, session, whole.id, date)).find(
    (candidate) => candidate.time === '12:00',
  )!;
  await bookThroughApi(request, session, {
    placeId: whole.id,
    associateId: associate.id,
    cardId: associate.cardId,
    slot,
  });

  await page.goto(`/day-sheet?date=${date}&category=${whole.categoryId}`);
  await expect(page.getByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: `${whole.name}, 12:00: Agendado — ${associate.user.name}`,
    }),
  ).toBeVisible();
  for (const half of halves) {
    await expect(
      page.getByLabel(`${half.name}, 12:00: Bloqueado — ${whole.name} reservado`, {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByLabel(`${half.name}, 13:00: Livre`, { exact: true })).toBeVisible();
  }

  // The whole's page says what it is made of; a half's, what it is part of.
  await page.goto(`/place/${whole.id}`);
  // (The audit history below names the links too: the page's own terms are read.)
  await expect(page.getByRole('term').filter({ hasText: 'Formado por' })).toBeVisible();
  await expect(
    page.getByRole('definition').filter({ hasText: halves.map((half) => half.name).join(', ') }),
  ).toBeVisible();
  await page.goto(`/place/${halves[0]!.id}`);
  await expect(page.getByRole('term').filter({ hasText: 'Parte de' })).toBeVisible();
  await expect(page.getByRole('definition').getByText(whole.name, { exact: true })).toBeVisible();
});
