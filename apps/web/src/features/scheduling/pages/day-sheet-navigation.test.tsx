import { addDaysToDate, type DaySheet } from '@clube/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildSession } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { getDaySheetQueryOptions } from '../api/get-day-sheet';
import {
  company,
  today,
  pools,
  courts,
  sheetOf,
  liveEvents,
  answerClub,
  sheetReads,
  longDay,
  openDaySheet,
} from './day-sheet-page-scene';

describe('day sheet page', () => {
  it('opens on today and moves a day back, forward and to today through ?date=', async () => {
    const { requests } = answerClub();
    const { router, user } = await openDaySheet();
    expect(sheetReads(requests)).toEqual([
      { companyId: company.id, date: today, categoryId: null },
    ]);
    expect(screen.getByText(longDay(today))).toBeInTheDocument();
    expect(await screen.findByText('Ao vivo')).toBeInTheDocument();

    const tomorrow = addDaysToDate(today, 1);
    await user.click(screen.getByRole('button', { name: 'Próximo dia' }));
    expect(router.state.location.search).toBe(`?date=${tomorrow}`);
    await waitFor(() => expect(sheetReads(requests).at(-1)?.date).toBe(tomorrow));
    expect(await screen.findByText(longDay(tomorrow))).toBeInTheDocument();

    const yesterday = addDaysToDate(today, -1);
    await user.click(screen.getByRole('button', { name: 'Dia anterior' }));
    await user.click(screen.getByRole('button', { name: 'Dia anterior' }));
    expect(router.state.location.search).toBe(`?date=${yesterday}`);
    await waitFor(() => expect(sheetReads(requests).at(-1)?.date).toBe(yesterday));
    expect(await screen.findByText(longDay(yesterday))).toBeInTheDocument();

    // Today is the page's own date: the URL loses its date, the sheet shows today again.
    await user.click(screen.getByRole('button', { name: 'Hoje' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText(longDay(today))).toBeInTheDocument();
    expect(new Set(sheetReads(requests).map((read) => read.date))).toEqual(
      new Set([today, tomorrow, yesterday]),
    );
  });

  it("names the date's special day beside it: closed, or its hours; nothing on an ordinary day", async () => {
    const tomorrow = addDaysToDate(today, 1);
    mockApi(
      route.get<DaySheet>('/backoffice/day-sheet', ({ query }) => {
        const date = query.get('date')!;
        const specialDay =
          date === today
            ? { name: 'Natal', closed: true, openTime: null, closeTime: null }
            : date === tomorrow
              ? { name: 'Carnaval', closed: false, openTime: '08:00', closeTime: '14:00' }
              : null;
        return { ...sheetOf(date, null), specialDay };
      }),
      route.get(`/backoffice/category/company/${company.id}`, { items: [pools, courts] }),
      liveEvents,
    );
    const { user } = await openDaySheet();
    expect(await screen.findByText('Natal — clube fechado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próximo dia' }));
    expect(await screen.findByText('Carnaval — aberto das 08:00 às 14:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próximo dia' }));
    expect(await screen.findByText(longDay(addDaysToDate(today, 2)))).toBeInTheDocument();
    expect(screen.queryByText(/Carnaval|Natal/)).not.toBeInTheDocument();
  });

  it('books from the keyboard: a skip link to the grid, arrows to the time, Enter to open it', async () => {
    answerClub();
    const { grid, user } = await openDaySheet();
    const skip = screen.getByRole('link', { name: /Ir para o quadro/ });
    skip.focus();
    await user.keyboard('{Enter}');
    expect(within(grid).getByRole('button', { name: 'Piscina, 07:00: Livre' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    const court = within(grid).getByRole('button', { name: 'Quadra 1, 10:00: Livre' });
    expect(court).toHaveFocus();
    await user.keyboard('{Enter}');
    const choose = await screen.findByRole('dialog', { name: 'Horário livre' });
    expect(within(choose).getByText('Quadra 1 · 10:00')).toBeInTheDocument();
    await user.click(within(choose).getByRole('button', { name: 'Agendar' }));
    expect(await screen.findByRole('dialog', { name: 'Criar Agendamento' })).toBeInTheDocument();
  });

  it('takes a typed DD/MM/AAAA date (Backspace and typing stay) and a date from the calendar picker', async () => {
    const { requests } = answerClub();
    const { router, user } = await openDaySheet('/day-sheet?date=2030-03-05');
    const field = screen.getByRole('textbox', { name: 'Data' });
    expect(field).toHaveValue('05/03/2030');

    // Half-typed, the field keeps what was typed and the sheet stays on its day.
    await user.type(field, '{Backspace}{Backspace}');
    expect(field).toHaveValue('05/03/20');
    expect(router.state.location.search).toBe('?date=2030-03-05');
    await user.type(field, '31');
    expect(field).toHaveValue('05/03/2031');
    expect(router.state.location.search).toBe('?date=2031-03-05');
    await waitFor(() => expect(sheetReads(requests).at(-1)?.date).toBe('2031-03-05'));
    expect(await screen.findByText(longDay('2031-03-05'))).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '17042031');
    expect(router.state.location.search).toBe('?date=2031-04-17');

    // An impossible date left in the field gives way to the day shown.
    await user.clear(field);
    await user.type(field, '31022031');
    expect(router.state.location.search).toBe('?date=2031-04-17');
    await user.tab();
    expect(field).toHaveValue('17/04/2031');

    // The browser's calendar (a native date field behind the calendar button).
    expect(screen.getByRole('button', { name: 'Escolher a data no calendário' })).toBeEnabled();
    fireEvent.change(screen.getByTestId('day-picker'), { target: { value: '2031-05-02' } });
    expect(router.state.location.search).toBe('?date=2031-05-02');
    expect(field).toHaveValue('02/05/2031');
  });

  it('says when the sheet cannot be loaded, with a retry, and comes back once the server answers', async () => {
    let isServerDown = true;
    mockApi(
      route.get<DaySheet>('/backoffice/day-sheet', ({ query }) =>
        isServerDown ? apiError('InternalServerError') : sheetOf(query.get('date')!, null),
      ),
      route.get(`/backoffice/category/company/${company.id}`, { items: [pools, courts] }),
      liveEvents,
    );
    setSession(buildSession());
    setCurrentCompany(company);
    renderApp('/day-sheet');
    const user = userEvent.setup();

    // After the query's own retries.
    expect(
      await screen.findByText(/^Erro ao carregar o quadro do dia\./, {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();

    isServerDown = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText(/^Erro ao carregar o quadro do dia\./)).not.toBeInTheDocument(),
    );
  }, 25_000);

  it('keeps asking for a sheet that failed every 15 s, whatever the outage, and every 5 min otherwise', () => {
    const { refetchInterval } = getDaySheetQueryOptions(company.id, today);
    const intervalWhen = (status: 'error' | 'success') =>
      typeof refetchInterval === 'function'
        ? refetchInterval({ state: { status } } as Parameters<typeof refetchInterval>[0])
        : refetchInterval;
    expect(intervalWhen('error')).toBe(15_000);
    expect(intervalWhen('success')).toBe(5 * 60_000);
  });

  it('opens on the date of its URL', async () => {
    const { requests } = answerClub();
    await openDaySheet('/day-sheet?date=2030-03-05');
    expect(sheetReads(requests)).toEqual([
      { companyId: company.id, date: '2030-03-05', categoryId: null },
    ]);
    expect(screen.getByText(longDay('2030-03-05'))).toBeInTheDocument();
  });

  it('opens on today when the date of its URL is not a calendar date', async () => {
    const { requests } = answerClub();
    await openDaySheet('/day-sheet?date=2030-02-30');
    expect(sheetReads(requests)).toEqual([
      { companyId: company.id, date: today, categoryId: null },
    ]);
    expect(screen.getByText(longDay(today))).toBeInTheDocument();
  });
});
