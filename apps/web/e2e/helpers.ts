import {
  addDaysToDate,
  clubToday,
  dayOfWeekOf,
  type DayOfWeek,
  type StaffRole,
  type TimeSlot,
} from '@clube/shared';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The staff login the server seeds into a fresh data directory. */
export const demoStaff = { cpf: '52998224725', password: 'clube123' } as const;
export const demoClubName = 'Clube Demonstração';

export async function signIn(page: Page, password: string = demoStaff.password) {
  await page.goto('/login');
  await page.getByLabel('CPF').fill(demoStaff.cpf);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function signInToDemoClub(page: Page) {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Selecione um clube' })).toBeVisible();
  await page.getByRole('button', { name: `Entrar no clube ${demoClubName}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The demo club's logins below the administrator (the server seeds them). */
export const roleLogins = {
  recepcao: { cpf: '200.000.001-08', password: 'recepcao123' },
  consulta: { cpf: '200.000.002-99', password: 'consulta123' },
} as const satisfies Partial<Record<StaffRole, { cpf: string; password: string }>>;

/** Signs in to the demo club as one of its staff below the administrator (`roleLogins`). */
export async function signInAs(page: Page, role: keyof typeof roleLogins) {
  await page.goto('/login');
  await page.getByLabel('CPF').fill(roleLogins[role].cpf);
  await page.getByLabel('Senha', { exact: true }).fill(roleLogins[role].password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/(dashboard|select-company)/);
  if (page.url().includes('/select-company'))
    await page.getByRole('button', { name: `Entrar no clube ${demoClubName}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The member the server seeds into the demo club, with their portal password. */
export const demoMember = {
  cpf: '10000000108',
  password: 'socio123',
  name: 'João Carlos Pereira',
} as const;

/** Signs the demo member in to the portal through its sign-in screen. */
export async function signInToPortal(page: Page) {
  await page.goto('/portal/entrar');
  await page.getByLabel('CPF').fill(demoMember.cpf);
  await page.getByLabel('Senha', { exact: true }).fill(demoMember.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
}

/** The demo club's timezone: calendar days and slot times are club-local. */
export const demoTimezone = 'America/Sao_Paulo';

export type ApiSession = { headers: Record<string, string>; companyId: string };

/** Signs the demo staff in through the API, for specs that seed their own data. */
export async function openApiSession(request: APIRequestContext): Promise<ApiSession> {
  const login = await request.post('/api/auth/login', {
    data: { cpf: demoStaff.cpf, password: demoStaff.password },
  });
  expect(login.status()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const { items: clubs } = (await (
    await request.get('/api/backoffice/company', { headers })
  ).json()) as { items: { id: string; name: string }[] };
  const club = clubs.find((item) => item.name === demoClubName)!;
  return { headers, companyId: club.id };
}

/**
 * A place of the demo club of its own, in a category of its own (08:00–20:00, 60-minute slots
 * unless `grid` says otherwise, no limits), so the spec's bookings and blocks never meet another
 * spec's.
 */
export async function createPlaceThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  name: string,
  /** Another place of the spec's own, to share its category. */
  sibling?: { categoryId: string },
  grid: { startsAt: string; endsAt: string; bookRange: number } = {
    startsAt: '08:00',
    endsAt: '20:00',
    bookRange: 60,
  },
) {
  // A category of its own too, without the same-day and previous-day rules: specs running at
  // the same time book the same demo members on the same days.
  let category = sibling ? { id: sibling.categoryId } : undefined;
  if (!category) {
    const categoryResponse = await request.post('/api/backoffice/category', {
      headers: session.headers,
      data: { companyId: session.companyId, name: `Categoria ${name}` },
    });
    expect(categoryResponse.status()).toBe(201);
    category = (await categoryResponse.json()) as { id: string };
  }
  const response = await request.post('/api/backoffice/place', {
    headers: session.headers,
    data: {
      name,
      description: 'Espaço criado por um teste de ponta a ponta.',
      categoryId: category.id,
      ...grid,
      anonymousBooking: false,
      associateReservationLimit: 0,
      availableBookingDays: 30,
      ageRestriction: 0,
      maxCancelBookingTime: 0,
      companyId: session.companyId,
    },
  });
  expect(response.status()).toBe(201);
  const place = (await response.json()) as { id: string; name: string };
  return { id: place.id, name: place.name, categoryId: category.id };
}

/** An associate as the associates list shows them: what a spec books with. */
export type ListedAssociate = {
  id: string;
  cardId: string;
  blocked: boolean;
  associateTitle: { id: string; blocked: boolean };
  user: { name: string };
};

/**
 * The first associate among the club's first `take` listed who is free to book: neither they nor
 * their title is blocked, and `where` holds when given.
 */
export async function findUnblockedAssociate(
  request: APIRequestContext,
  session: ApiSession,
  options: { take?: number; where?: (associate: ListedAssociate) => boolean } = {},
): Promise<ListedAssociate> {
  const { take = 50, where = () => true } = options;
  const response = await request.get('/api/backoffice/associate/findAllPaginated', {
    headers: session.headers,
    params: { companyId: session.companyId, take, skip: 0 },
  });
  const { items } = (await response.json()) as { items: ListedAssociate[] };
  return items.find((item) => !item.blocked && !item.associateTitle.blocked && where(item))!;
}

/** What staff type in a date-time field for a YYYY-MM-DD date: DD/MM/AAAA HH:mm. */
export const typedDate = (isoDate: string, time: string) =>
  `${isoDate.slice(8)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)} ${time}`;

/** A club-local date `offset` days from today, as YYYY-MM-DD. */
export function clubDate(offset: number): string {
  return addDaysToDate(clubToday(demoTimezone), offset);
}

/** The place's slots on a club-local date, as the calendar shows them. */
export async function timeSlotsThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  placeId: string,
  date: string,
) {
  const response = await request.get(`/api/backoffice/appointment/${placeId}/time-slots`, {
    headers: session.headers,
    params: { date },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as TimeSlot[];
}

/** Books a slot through the API, as another staff member at another desk would. */
export async function bookThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  body: { placeId: string; associateId: string; cardId: string; slot: TimeSlot },
) {
  const response = await request.post('/api/backoffice/appointment', {
    headers: session.headers,
    data: {
      placeId: body.placeId,
      associateId: body.associateId,
      cardId: body.cardId,
      startsAt: body.slot.startsAt,
      endsAt: body.slot.endsAt,
    },
  });
  expect(response.status()).toBe(201);
}

/** Selects a club-local date on the month calendar, moving to the next month if needed. */
export async function selectCalendarDay(page: Page, date: string) {
  const label = new Intl.DateTimeFormat('pt-BR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  const day = page.getByRole('button', { name: new RegExp(`^${label}`) });
  await expect(page.getByRole('gridcell').first()).toBeVisible();
  if ((await day.count()) === 0) await page.getByRole('button', { name: 'Próximo mês' }).click();
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Finds a member in the booking dialog's one field (name, CPF or card) and picks the match whose
 * text contains `pick` (a card number or a name).
 */
export async function pickMember(dialog: Locator, typed: string, pick: string) {
  const field = dialog.getByRole('combobox', { name: 'Associado' });
  await expect(field).toBeFocused();
  await field.fill(typed);
  await dialog.getByRole('option').filter({ hasText: pick }).first().click();
}

/**
 * A free slot of the place that starts in 2 to 25 minutes, today's or (near midnight) tomorrow's:
 * check-in is already open for it (from 30 minutes before the start), and it has not begun.
 */
export async function slotStartingSoon(
  request: APIRequestContext,
  session: ApiSession,
  placeId: string,
) {
  const earliest = Date.now() + 2 * 60_000;
  const latest = Date.now() + 25 * 60_000;
  for (const date of [clubDate(0), clubDate(1)]) {
    const slot = (await timeSlotsThroughApi(request, session, placeId, date)).find(
      (candidate) =>
        candidate.available &&
        Date.parse(candidate.startsAt) >= earliest &&
        Date.parse(candidate.startsAt) <= latest,
    );
    if (slot) return slot;
  }
  return undefined;
}

/**
 * Runs `book` with the club open all day today and tomorrow, so a slot starting within minutes
 * exists at any hour (at night the club is closed), then puts the club's hours back. Cells of a
 * booking stay on the day sheet whatever the hours, so only the booking needs them.
 */
export async function withClubOpenAllDay<T>(
  request: APIRequestContext,
  session: ApiSession,
  book: () => Promise<T>,
): Promise<T> {
  const { items: hours } = (await (
    await request.get(`/api/backoffice/operating-hour/company/${session.companyId}`, {
      headers: session.headers,
    })
  ).json()) as { items: { dayOfWeek: DayOfWeek; openTime: string; closeTime: string }[] };
  const days = [...new Set([clubDate(0), clubDate(1)].map(dayOfWeekOf))];
  const originals = hours.filter((hour) => days.includes(hour.dayOfWeek));
  const setHours = (hour: { dayOfWeek: DayOfWeek; openTime: string; closeTime: string }) =>
    request.patch('/api/backoffice/operating-hour/company', {
      headers: session.headers,
      data: { ...hour, companyId: session.companyId },
    });
  try {
    for (const hour of originals)
      expect((await setHours({ ...hour, openTime: '00:00', closeTime: '23:59' })).status()).toBe(
        200,
      );
    return await book();
  } finally {
    for (const hour of originals) expect((await setHours(hour)).status()).toBe(200);
  }
}
