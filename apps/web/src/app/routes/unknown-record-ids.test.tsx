import { screen } from '@testing-library/react';
import type { ErrorKey } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const unknownId = '77777777-7777-4777-8777-777777777777';

describe('a URL naming a record that does not exist', () => {
  it.each<[string, ErrorKey]>([
    ['/place/xyz', 'ValidationError'],
    [`/place/${unknownId}`, 'PlaceNotFound'],
    [`/place/${unknownId}`, 'ValidationError'],
    ['/blocked-time/xyz', 'ValidationError'],
    [`/blocked-time/${unknownId}`, 'NotFound'],
  ])('%s (API %s) says "Espaço não encontrado." with a way back', async (path, code) => {
    setSession(buildSession());
    setCurrentCompany(buildCompany());
    const { requests } = mockApi(route.get('/backoffice/place/:placeId', apiError(code)));
    renderApp(path);

    expect(
      await screen.findByText('Espaço não encontrado.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(screen.queryByText(/Dados inválidos|Nenhum bloqueio/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buscar bloqueios' })).toBeNull();
    // A malformed id is refused before asking the API.
    expect(requests.map((request) => request.url)).toEqual(
      path.endsWith('xyz') ? [] : [`/api/backoffice/place/${unknownId}`],
    );
  });

  it('an unknown associate says "Associado não encontrado."', async () => {
    setSession(buildSession());
    setCurrentCompany(buildCompany());
    mockApi(
      route.get('/backoffice/associate/id/:associateId', apiError('AssociateNotFound')),
      route.get(
        '/backoffice/associate/id/:associateId/appointments-summary',
        apiError('AssociateNotFound'),
      ),
    );
    renderApp(`/associates/${unknownId}`);

    expect(
      await screen.findByText('Associado não encontrado.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
  });
});
