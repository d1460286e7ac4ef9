import { render, screen } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { auth } from '@/lib/i18n/pt/auth';
import { common } from '@/lib/i18n/pt/common';
import { errors } from '@/lib/i18n/pt/errors';
import { landing } from '@/lib/i18n/pt/landing';
import { createQueryClient } from '@/lib/query-client';

function BrokenPage(): never {
  throw new Error('a page that cannot render');
}

/** The app's root route (with its error element) over one page that throws while rendering. */
function renderBrokenRoute() {
  const { element, errorElement } = routes[0]!;
  const router = createMemoryRouter([
    { element, errorElement, children: [{ path: '/', element: <BrokenPage /> }] },
  ]);
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('route error page', () => {
  beforeEach(() => {
    // A crash can come before the signed-in texts arrive: the store holds only the first load's.
    i18n.removeResourceBundle('pt', 'translation');
    i18n.addResourceBundle('pt', 'translation', { common, landing, auth, errors });
    // React and the router report the error on the console; the page is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(loadAllTranslations);

  it('says in Portuguese that something went wrong when a route throws, never translation keys', async () => {
    renderBrokenRoute();

    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ocorreu um erro inesperado ao exibir esta tela. Recarregue a página para continuar.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar página' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/common\.\w+/);
  });
});
