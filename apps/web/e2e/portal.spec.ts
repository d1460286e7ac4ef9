import { dateLabel, errorTexts, interpolateErrorText } from '@clube/shared';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  clubDate,
  demoMember,
  openApiSession,
  selectCalendarDay,
  signInToDemoClub,
  type ApiSession,
} from './helpers';

/** The member login the demo seed prints beside the staff one. */

/**
 * Staff set up a place of its own for this spec: in a new category with the one-booking-a-day
 * rule, one booking per title a month, 18 years minimum. Nothing another spec books can meet it.
 */
async function seedRestrictedPlace(request: APIRequestContext, session: ApiSession) {
  const stamp = Date.now();
  const category = await request.post('/api/backoffice/category', {
    headers: session.headers,
    data: {
      name: `Quadras E2E ${stamp}`,
      blockedAppointmentDay: true,
      notAppointmentPreviousDayTime: false,
      companyId: session.companyId,
    },
  });
  expect(category.status()).toBe(201);
  const place = await request.post('/api/backoffice/place', {
    headers: session.headers,
    data: {
      name: `Quadra do Portal ${stamp}`,
      description: 'Quadra criada pelo teste do portal do associado.',
      categoryId: ((await category.json()) as { id: string }).id,
      startsAt: '08:00',
      endsAt: '20:00',
      bookRange: 60,
      anonymousBooking: false,
      associateReservationLimit: 1,
      availableBookingDays: 14,
      ageRestriction: 18,
      maxCancelBookingTime: 0,
      companyId: session.companyId,
    },
  });
  expect(place.status()).toBe(201);
  return (await place.json()) as { id: string; name: string };
}

test.describe('members portal on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a member signs in, books within the rules, is refused with every reason, staff see the booking, the member cancels it', async ({
    page,
    browser,
    request,
  }) => {
    const staffApi = await openApiSession(request);
    const place = await seedRestrictedPlace(request, staffApi);
    const tomorrow = clubDate(1);

    await page.goto('/portal/');
    await expect(page).toHaveURL(/\/portal\/entrar$/);
    await page.getByLabel('CPF').fill(demoMember.cpf);
    await expect(page.getByLabel('CPF')).toHaveValue('100.000.001-08');
    await page.getByLabel('Senha', { exact: true }).fill(demoMember.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Olá, João' })).toBeVisible();

    // Espaços, from the bottom tab bar of the phone layout.
    await page
      .getByRole('navigation', { name: 'Navegação do portal' })
      .getByRole('link', { name: 'Espaços' })
      .click();
    await expect(page.getByRole('heading', { name: place.name })).toBeVisible();
    await page.getByRole('link', { name: `Ver horários: ${place.name}` }).click();
    await expect(page.getByRole('heading', { name: place.name, level: 1 })).toBeVisible();

    // Tomorrow, 12:00, for the member themself: inside every rule.
    await page.getByRole('group', { name: 'Escolha o dia' }).getByRole('button').nth(1).click();
    await page.getByRole('button', { name: '12:00 Livre' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Você poderá cancelar até')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByText(/^Reserva confirmada:/)).toBeVisible();
    // The title's own booking stands out; the other slots of the day say the title's rule.
    await expect(page.getByText(/^✓ 12:00\s*Reserva do seu título$/)).toBeVisible();

    // The same day at 14:00 for the dependant: too young, a second booking that day in the
    // category, and the title's one booking of the month already used.
    await page.getByRole('button', { name: '14:00 Título já tem reserva' }).click();
    await dialog.getByLabel('Para quem é a reserva').selectOption({ label: 'Pedro Pereira' });
    const refusal = dialog.getByRole('alert');
    const [year, month] = tomorrow.split('-').map(Number) as [number, number];
    const nextMonth =
      month === 12 ? `01/${year + 1}` : `${String(month + 1).padStart(2, '0')}/${year}`;
    await expect(refusal).toContainText('Não é possível fazer esta reserva:');
    await expect(refusal.getByRole('listitem')).toHaveText(
      [
        'Quem vai usar a reserva não tem a idade mínima exigida por este espaço: 18 anos.',
        // The waiting period names the booking that causes it.
        interpolateErrorText(errorTexts.WaitingPeriodRequired, {
          place: place.name,
          date: dateLabel(tomorrow),
          time: '12:00',
        }),
        // The month's quota is used: it resets on the next month's first day.
        `${errorTexts.ReservationsLimitReached} A cota do título renova em 01/${nextMonth}.`,
      ],
      { useInnerText: true },
    );
    await expect(dialog.getByRole('button', { name: 'Confirmar reserva' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Voltar' }).last().click();

    // Staff see the member's booking in the back office calendar.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staffPage = await staffContext.newPage();
    await signInToDemoClub(staffPage);
    await staffPage.goto(`/place-appointments/${place.id}`);
    await selectCalendarDay(staffPage, tomorrow);
    await expect(
      staffPage.getByRole('button', { name: `Abrir agendamento de ${demoMember.name} às 12:00` }),
    ).toBeVisible();
    await staffContext.close();

    // Minhas reservas: the booking is there and can be cancelled (no deadline at this place).
    await page
      .getByRole('navigation', { name: 'Navegação do portal' })
      .getByRole('link', { name: 'Reservas' })
      .click();
    await page
      .getByRole('button', { name: new RegExp(`^Cancelar reserva de ${place.name}`) })
      .click();
    await page.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(page.getByText('Reserva cancelada.')).toBeVisible();
    await expect(page.getByRole('heading', { name: place.name })).toHaveCount(0);
    await page.getByRole('link', { name: 'Canceladas' }).click();
    await expect(page.getByRole('heading', { name: place.name })).toBeVisible();
  });
});
