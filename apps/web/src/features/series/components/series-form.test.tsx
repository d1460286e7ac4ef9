import type { AssociateList, SeriesPreview } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAssociate, buildPlace } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderSignedIn } from '@/testing/render';
import { SeriesForm } from './series-form';

const court = buildPlace({ name: 'Quadra 2', startsAt: '08:00', endsAt: '12:00', bookRange: 90 });
const member = buildAssociate({ cardId: '1207' });
const preview: SeriesPreview = {
  rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270316T235900Z;WKST=MO',
  countsTowardQuota: true,
  quotaLimit: 4,
  dates: [],
};

function api() {
  return mockApi(
    route.get('/backoffice/place/company/:companyId', { items: [court] }),
    route.get<AssociateList>('/backoffice/associate/findAllPaginated', {
      items: [member as unknown as AssociateList['items'][number]],
      total: 1,
      nextCursor: null,
      previousCursor: null,
    }),
    route.post<SeriesPreview>('/backoffice/series/preview', preview),
  );
}

describe('SeriesForm', () => {
  it("types its dates as DD/MM/AAAA and starts on one of the place's own slots", async () => {
    const { requests } = api();
    renderSignedIn(<SeriesForm />);
    const user = userEvent.setup();
    const time = screen.getByLabelText('Início (horário do espaço)');
    expect(time).toBeDisabled();

    await user.selectOptions(
      screen.getByLabelText('Espaço'),
      await screen.findByRole('option', { name: 'Quadra 2' }),
    );
    // 08:00 to 12:00 in 90-minute slots: the last one ends by 12:00.
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Escolha o horário', '08:00', '09:30']);
    expect(screen.getByText('Duração: 90 minutos, a do horário do espaço')).toBeVisible();
    await user.selectOptions(time, '09:30');

    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');
    // Text fields, not the browser's date fields (mm/dd/yyyy in an English Chromium).
    expect(from).toHaveAttribute('type', 'text');
    await user.type(from, '02032027');
    expect(from).toHaveValue('02/03/2027');
    await user.type(to, '16032027');

    await user.type(screen.getByLabelText('Associado'), 'ana');
    await user.click(await screen.findByRole('button', { name: new RegExp(member.cardId) }));
    await user.click(screen.getByLabelText('Terça'));
    await user.click(screen.getByRole('button', { name: 'Ver prévia' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        placeId: court.id,
        associateId: member.id,
        weekdays: [2],
        startTime: '09:30',
        lengthMinutes: 90,
        startsOn: '2027-03-02',
        endsOn: '2027-03-16',
      }),
    );
  });

  it("says a member's series counts toward the title's quota and an activity's toward none", async () => {
    api();
    renderSignedIn(<SeriesForm />);
    const user = userEvent.setup();
    const note = screen.getByTestId('series-quota-note');
    expect(note).toHaveTextContent('A série de um associado conta na cota mensal do título dele.');
    await user.click(screen.getByLabelText('Uma atividade (não conta em cota)'));
    expect(note).toHaveTextContent('Uma atividade não conta na cota de nenhum título.');
    expect(screen.getByLabelText('Responsável (associado)')).toBeVisible();
  });
});
