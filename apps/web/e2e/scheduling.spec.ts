import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoStaff, findUnblockedAssociate, pickMember } from './helpers';

/**
 * Seeds through the API: a place of the demo club open all day, with 60-minute slots and no
 * limits, so the booking is not refused by the demo data; and an unblocked demo associate.
 */
async function seedPlaceAndAssociate(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { cpf: demoStaff.cpf, password: demoStaff.password },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const { items: clubs } = (await (
    await request.get('/api/backoffice/company', { headers })
  ).json()) as {
    items: { id: string }[];
  };
  const companyId = clubs[0]!.id;
  // A category of its own, without the same-day and previous-day rules: other specs book the
  // demo club's courts on the same days with the same members.
  const category = (await (
    await request.post('/api/backoffice/category', {
      headers,
      data: { companyId, name: `Categoria E2E ${Date.now()}` },
    })
  ).json()) as { id: string };
  const place = (await (
    await request.post('/api/backoffice/place', {
      headers,
      data: {
        name: `Quadra E2E ${Date.now()}`,
        description: 'Quadra criada pelo teste de agendamento.',
        categoryId: category.id,
        startsAt: '08:00',
        endsAt: '20:00',
        bookRange: 60,
        anonymousBooking: false,
        associateReservationLimit: 0,
        availableBookingDays: 30,
        ageRestriction: 0,
        maxCancelBookingTime: 0,
        companyId,
      },
    })
  ).json()) as { id: string };
  const associate = await findUnblockedAssociate(request, { headers, companyId }, { take: 20 });
  return { placeId: place.id, associate };
}

test('book a slot through the calendar by card number, see it listed, cancel it', async ({
  staffPage: page,
  request,
}) => {
  const { placeId, associate } = await seedPlaceAndAssociate(request);
  await page.goto(`/place-appointments/${placeId}`);
  await expect(page.getByRole('heading', { name: 'Agendamentos do espaço' })).toBeVisible();

  // Tomorrow at noon is always a future slot inside the booking window.
  const today = page.locator('[aria-current="date"]');
  await expect(today).toBeVisible();
  const cells = page.getByRole('gridcell');
  const todayIndex = await cells.evaluateAll((elements) =>
    elements.findIndex((element) => element.querySelector('[aria-current="date"]')),
  );
  if (todayIndex + 1 < (await cells.count())) {
    await cells
      .nth(todayIndex + 1)
      .getByRole('button')
      .click();
  } else {
    // Today closes the grid: tomorrow opens next month's, in its first cell.
    await page.getByRole('button', { name: 'Próximo mês' }).click();
    await cells.first().getByRole('button').click();
  }
  await expect(page.getByText('Nenhum agendamento encontrado.')).toBeVisible();

  await page.getByRole('button', { name: '12:00 (disponível)' }).click();
  await page.getByRole('button', { name: 'Criar Agendamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar Agendamento' });
  await pickMember(dialog, associate.cardId, associate.cardId);
  await expect(dialog.getByText(`Associado: ${associate.user.name}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Agendamento criado com sucesso.')).toBeVisible();

  await expect(
    page.getByRole('button', { name: /^12:00 ocupado por .*\(indisponível\)$/ }),
  ).toBeDisabled();
  const listed = page.getByRole('button', {
    name: `Abrir agendamento de ${associate.user.name} às 12:00`,
  });
  await listed.click();
  const detail = page.getByRole('dialog', { name: 'Agendamento' });
  await detail.getByRole('button', { name: 'Excluir' }).click();
  await expect(
    detail.getByText('Tem certeza que deseja excluir? Essa ação não poderá ser desfeita.'),
  ).toBeVisible();
  // The reason is required, and the member reads it: a quick choice fills it in.
  await detail.getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(detail.getByText('Informe o motivo do cancelamento')).toBeVisible();
  await detail.getByRole('button', { name: 'Manutenção do espaço' }).click();
  await expect(detail.getByRole('textbox', { name: 'Motivo do cancelamento' })).toHaveValue(
    'Manutenção do espaço',
  );
  await detail.getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(page.getByText('Agendamento excluído com sucesso.')).toBeVisible();
  await expect(page.getByText('Nenhum agendamento encontrado.')).toBeVisible();
  await expect(page.getByRole('button', { name: '12:00 (disponível)' })).toBeEnabled();
});
