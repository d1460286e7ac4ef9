import { hasPermission, type Permission, type StaffRole } from '@clube/shared';
import { expect, test as base, type Page } from '@playwright/test';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  openApiSession,
  signInAs,
  timeSlotsThroughApi,
} from './helpers';

/**
 * The controls each permission opens, by their accessible names: a role without the permission
 * must find none of them enabled on any screen, since the server would refuse what they do.
 */
const controlsOf: Partial<Record<Permission, RegExp[]>> = {
  'bookings.write': [
    /^Criar Agendamento$/,
    /^Agendar$/,
    /^Cancelar agendamento$/,
    /^Registrar entrada$/,
    /^Não compareceu$/,
    /^Desfazer$/,
    /^Entrada por código$/,
    /^Mover$/,
    /^Reservar para/,
    /^Oferecer a vaga$/,
    /^Agendar para este associado$/,
    /^Ver prévia$/,
    /^Salvar série/,
    /^Cancelar série$/,
    /^Cancelar esta/,
    /^Registrar a entrada de/,
  ],
  'blocks.write': [/^Bloquear horário$/, /^Bloquear$/, /^Criar bloqueio$/, /^Excluir bloqueio/],
  'associates.write': [
    /^Editar senha de/,
    /^Alterar senha do portal$/,
    /^(Des)?[Bb]loquear (associado|título)$/,
    /^Convidar/,
    /^Liberar/,
  ],
  'associates.import': [/^Importar associados$/],
  'places.write': [/^Adicionar Foto$/, /^Editar$/, /^Excluir$/, /^Criar espaço$/, /^Novo espaço$/],
  'categories.write': [/^Criar categoria$/, /^Editar categoria/, /^Excluir categoria/],
  'operating-hours.write': [
    /^Atualizar horário$/,
    /^Salvar horário$/,
    /^Adicionar dia especial$/,
    /^Importar feriados nacionais/,
  ],
};

/** The enabled, visible buttons and links of the page whose name the role may not use. */
async function refusedControls(page: Page, role: StaffRole): Promise<string[]> {
  const found: string[] = [];
  for (const [permission, patterns] of Object.entries(controlsOf) as [Permission, RegExp[]][]) {
    if (hasPermission(role, permission)) continue;
    for (const pattern of patterns) {
      for (const kind of ['button', 'link'] as const) {
        for (const control of await page.getByRole(kind, { name: pattern }).all()) {
          if ((await control.isVisible()) && (await control.isEnabled()))
            found.push(`${permission}: ${kind} "${await control.innerText()}"`);
        }
      }
    }
  }
  return found;
}

type Seeded = { placeId: string; placeName: string; associateId: string; date: string };

const test = base.extend<{ seeded: Seeded }>({
  // A place of the spec's own with a booking tomorrow (the day sheet's and the place's days
  // then show a booked and a free time), seeded by the administrator.
  seeded: async ({ request }, use) => {
    const session = await openApiSession(request);
    const place = await createPlaceThroughApi(request, session, `Quadra papéis ${Date.now()}`);
    const date = clubDate(1);
    const slots = await timeSlotsThroughApi(request, session, place.id, date);
    const associate = await findUnblockedAssociate(request, session);
    await bookThroughApi(request, session, {
      placeId: place.id,
      associateId: associate.id,
      cardId: associate.cardId,
      slot: slots.find((slot) => slot.available)!,
    });
    await use({ placeId: place.id, placeName: place.name, associateId: associate.id, date });
  },
});

/** Each back-office screen, with what shows it has loaded. */
const screens = (seeded: Seeded) => [
  { path: '/dashboard', ready: (page: Page) => page.getByRole('heading', { level: 1 }).first() },
  {
    path: `/day-sheet?date=${seeded.date}`,
    ready: (page: Page) => page.getByRole('grid'),
  },
  {
    path: `/place/${seeded.placeId}`,
    ready: (page: Page) => page.getByRole('heading', { name: seeded.placeName, level: 1 }),
  },
  {
    path: `/place-appointments/${seeded.placeId}?date=${seeded.date}`,
    ready: (page: Page) => page.getByRole('heading', { name: 'Horários' }),
  },
  {
    path: `/blocked-time/${seeded.placeId}?date=${seeded.date}`,
    ready: (page: Page) => page.getByRole('heading', { name: 'Horários bloqueados do espaço' }),
  },
  {
    path: '/manage-time-blocks',
    ready: (page: Page) => page.getByRole('heading', { name: 'Gerenciar horários bloqueados' }),
  },
  {
    path: '/category',
    ready: (page: Page) => page.getByRole('heading', { name: 'Gerenciar Categorias' }),
  },
  {
    path: '/operating-hour',
    ready: (page: Page) => page.getByRole('form', { name: 'Segunda-feira' }),
  },
  {
    path: '/associates',
    ready: (page: Page) => page.getByRole('link', { name: /^Abrir / }).first(),
  },
  {
    path: '/series',
    ready: (page: Page) => page.getByRole('heading', { name: 'Séries semanais', level: 1 }),
  },
  {
    path: '/special-days',
    ready: (page: Page) =>
      page.getByRole('heading', { name: 'Feriados e dias especiais', level: 1 }),
  },
  {
    path: `/portaria?date=${seeded.date}`,
    ready: (page: Page) => page.getByRole('heading', { name: 'Portaria: convidados', level: 1 }),
  },
  {
    path: `/associates/${seeded.associateId}`,
    ready: (page: Page) => page.getByText('Carteirinha', { exact: true }),
  },
];

for (const role of ['consulta', 'recepcao'] as const) {
  test(`${role}: no screen offers an enabled control the server would refuse`, async ({
    page,
    seeded,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, role);
    for (const screen of screens(seeded)) {
      // The role arrives with the clubs: the screen is read once they are answered. (Waiting for
      // the network to go idle never ends on screens that hold a live event stream open.)
      const clubsRead = page.waitForResponse((response) =>
        response.url().endsWith('/api/backoffice/company'),
      );
      await page.goto(screen.path);
      await clubsRead;
      await expect(screen.ready(page)).toBeVisible();
      expect(await refusedControls(page, role), screen.path).toEqual([]);
    }

    // The booking on the day sheet opens for reading; its actions only for the front desk.
    await page.goto(`/day-sheet?date=${seeded.date}`);
    await page
      .getByRole('grid')
      .getByRole('button', { name: /Agendado/ })
      .first()
      .click();
    const booking = page.getByRole('dialog', { name: 'Agendamento' });
    await expect(booking.getByRole('heading', { name: 'Agendamento' })).toBeVisible();
    expect(await refusedControls(page, role), 'booking on the day sheet').toEqual([]);
    if (role === 'recepcao')
      await expect(booking.getByRole('button', { name: 'Cancelar agendamento' })).toBeEnabled();
    else await expect(booking.getByText(/Somente administradores e recepção/)).toBeVisible();
    await booking.getByRole('button', { name: 'Fechar' }).first().click();

    // A free time opens only what the role may do with it.
    const free = page.getByRole('grid').getByRole('button', { name: /: Livre$/ });
    if (role === 'consulta') {
      await expect(free).toHaveCount(0);
    } else {
      await free.first().click();
      const choose = page.getByRole('dialog', { name: 'Horário livre' });
      await expect(choose.getByRole('button', { name: 'Agendar' })).toBeEnabled();
      expect(await refusedControls(page, role), 'free time').toEqual([]);
    }

    // The operating hours: the front desk reads them, and is told why it cannot change them.
    await page.goto('/operating-hour');
    await expect(
      page.getByText('Somente administradores podem alterar os horários de funcionamento.'),
    ).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Segunda-feira' }).getByLabel('Abertura'),
    ).not.toBeEditable();
  });
}
