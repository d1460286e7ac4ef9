import { dayOfWeekOf, type DayOfWeek } from '@clube/shared';
import { expect, test } from './fixtures';
import { clubDate, createPlaceThroughApi, selectCalendarDay } from './helpers';

const dayNames: Record<DayOfWeek, string> = {
  DOMINGO: 'Domingo',
  SEGUNDA: 'Segunda-feira',
  TERCA: 'Terça-feira',
  QUARTA: 'Quarta-feira',
  QUINTA: 'Quinta-feira',
  SEXTA: 'Sexta-feira',
  SABADO: 'Sábado',
};

test("an operating hour narrows the place's slots on the calendar", async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const place = await createPlaceThroughApi(
    request,
    session,
    `Quadra Horário ${Date.now()}-${test.info().workerIndex}`,
  );
  // Four days ahead: a weekday no other spec books on, so changing its hours disturbs nobody.
  const date = clubDate(4);
  const dayOfWeek = dayOfWeekOf(date);
  const { items: hours } = (await (
    await request.get(`/api/backoffice/operating-hour/company/${session.companyId}`, {
      headers: session.headers,
    })
  ).json()) as { items: { dayOfWeek: DayOfWeek; openTime: string; closeTime: string }[] };
  const original = hours.find((hour) => hour.dayOfWeek === dayOfWeek)!;

  try {
    await page.goto(`/place-appointments/${place.id}`);
    await selectCalendarDay(page, date);
    await expect(page.getByRole('button', { name: '09:00 (disponível)' })).toBeVisible();
    await expect(page.getByRole('button', { name: '15:00 (disponível)' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Horários de funcionamento' })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Gerenciar horários de funcionamento' }),
    ).toBeVisible();
    const card = page.getByRole('form', { name: dayNames[dayOfWeek] });
    await expect(card.getByLabel('Abertura')).toHaveValue(original.openTime);
    await card.getByLabel('Abertura').fill('10:00');
    await card.getByLabel('Fechamento').fill('12:00');
    await card.getByRole('button', { name: 'Atualizar horário' }).click();
    await expect(page.getByText('Horário de funcionamento atualizado.')).toBeVisible();

    await page.goto(`/place-appointments/${place.id}`);
    await selectCalendarDay(page, date);
    await expect(page.getByRole('button', { name: '10:00 (disponível)' })).toBeVisible();
    await expect(page.getByRole('button', { name: '11:00 (disponível)' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^09:00/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^15:00/ })).toHaveCount(0);
  } finally {
    const restored = await request.patch('/api/backoffice/operating-hour/company', {
      headers: session.headers,
      data: {
        dayOfWeek,
        openTime: original.openTime,
        closeTime: original.closeTime,
        companyId: session.companyId,
      },
    });
    expect(restored.status()).toBe(200);
  }
});
