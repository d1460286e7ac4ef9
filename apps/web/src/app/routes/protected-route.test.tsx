import type { CompanyOfStaff, Session } from '@clube/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCurrentCompany, setCurrentCompany } from '@/lib/current-company';
import { clearSession, getSession, setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const deepLink = '/day-sheet?date=2026-12-01';
const clubA = buildCompany({ name: 'Clube Demonstração' });
const clubB = buildCompany({ name: 'Clube Náutico Beira-Rio' });

/** The API of a staff member who works for `clubs`; the day sheet answers once signed in. */
function mockStaffApi(clubs: CompanyOfStaff[], session: Session = buildSession()) {
  let isSignedIn = false;
  return mockApi(
    route.post('/auth/login', () => {
      isSignedIn = true;
      return session;
    }),
    route.post('/auth/refresh', apiError('RefreshTokenExpired')),
    route.get('/backoffice/company', { items: clubs }),
    route.get(`/backoffice/category/company/:companyId`, { items: [] }),
    route.get('/backoffice/day-sheet', ({ query }) =>
      isSignedIn
        ? { date: query.get('date'), timezone: clubA.timezone, operatingHour: null, categories: [] }
        : apiError('Unauthorized'),
    ),
    // The day sheet listens to the club's live events: a stream that stays open.
    route.get(
      '/backoffice/events',
      () =>
        new HttpResponse(new ReadableStream(), {
          headers: { 'content-type': 'text/event-stream' },
        }),
    ),
  );
}

async function signInOnLoginPage() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('CPF'), '52998224725');
  await user.type(screen.getByLabelText('Senha'), 'clube123');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

const addressOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('signing in returns to the page that asked for it', () => {
  // Forgets an earlier test's expired session (kept in memory, for the login page's message).
  beforeEach(clearSession);

  it('a signed-out visit to a day of the day sheet signs in and opens that day (one club)', async () => {
    const { requests } = mockStaffApi([clubA]);
    const { router } = renderApp(deepLink);

    expect(await screen.findByRole('heading', { name: 'Conecte-se para continuar' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?voltar=${encodeURIComponent(deepLink)}`);
    await signInOnLoginPage();

    expect(await screen.findByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
    expect(addressOf(router)).toBe(deepLink);
    expect(getCurrentCompany()?.id).toBe(clubA.id);
    const sheet = requests.find((request) => request.url.startsWith('/api/backoffice/day-sheet'));
    expect(sheet?.query.get('date')).toBe('2026-12-01');
  });

  it('with several clubs, the club is chosen first and then the page opens', async () => {
    mockStaffApi([clubA, clubB]);
    const { router } = renderApp(deepLink);

    const user = await signInOnLoginPage();
    await user.click(
      await screen.findByRole('button', { name: 'Entrar no clube Clube Náutico Beira-Rio' }),
    );

    expect(await screen.findByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
    expect(addressOf(router)).toBe(deepLink);
    expect(getCurrentCompany()?.id).toBe(clubB.id);
  });

  it('after the session expires, signing in again returns to the page that was open, in its club', async () => {
    setSession(buildSession());
    setCurrentCompany(clubB);
    mockStaffApi([clubA, clubB]);
    const { router } = renderApp(deepLink);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sua sessão expirou. Entre novamente.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('voltar')).toBe(deepLink);
    expect(getSession()).toBeNull();
    await signInOnLoginPage();

    // The club of the page is still the chosen one: no club selection in between.
    expect(await screen.findByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
    expect(addressOf(router)).toBe(deepLink);
    expect(getCurrentCompany()?.id).toBe(clubB.id);
  });

  it('someone else signing in after an expired session does not inherit its club', async () => {
    setCurrentCompany(buildCompany({ name: 'Clube de Outra Pessoa' }));
    mockStaffApi([clubA, clubB]);
    const { router } = renderApp(
      `/login?error=SessionExpired&voltar=${encodeURIComponent(deepLink)}`,
    );

    const user = await signInOnLoginPage();
    await user.click(
      await screen.findByRole('button', { name: 'Entrar no clube Clube Demonstração' }),
    );

    expect(await screen.findByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
    expect(addressOf(router)).toBe(deepLink);
    expect(getCurrentCompany()?.id).toBe(clubA.id);
  });

  it.each([
    'https://evil.example/login',
    '//evil.example/day-sheet',
    '/\\evil.example',
    'javascript:alert(1)',
    '/portal/inicio',
  ])('never follows a return address outside the back office: %s', async (returnTo) => {
    mockStaffApi([clubA]);
    const { router } = renderApp(`/login?voltar=${encodeURIComponent(returnTo)}`);

    await signInOnLoginPage();

    await waitFor(() => expect(router.state.location.pathname).toBe('/select-company'));
    expect(router.state.location.search).toBe('');
    expect(
      await screen.findByRole('button', { name: 'Entrar no clube Clube Demonstração' }),
    ).toBeVisible();
  });
});
