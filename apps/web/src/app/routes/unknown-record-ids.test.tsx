import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { errorBody, mockFetch } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const unknownId = '77777777-7777-4777-8777-777777777777';

describe('a URL naming a record that does not exist', () => {
  it.each<[string, number, string]>([
    ['/place/xyz', 400, 'ValidationError'],
    [`/place/${unknownId}`, 404, 'PlaceNotFound'],
    [`/place/${unknownId}`, 400, 'ValidationError'],
    ['/blocked-time/xyz', 400, 'ValidationError'],
    [`/blocked-time/${unknownId}`, 404, 'NotFound'],
  ])('%s (API %i %s) says "Espaço não encontrado." with a way back', async (path, status, code) => {
    setSession(buildSession());
    setCurrentCompany(buildCompany());
    mockFetch(() => ({ status, body: errorBody(status, code) }));
    renderApp(path);

    expect(
      await screen.findByText('Espaço não encontrado.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(screen.queryByText(/Dados inválidos|Nenhum bloqueio/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buscar bloqueios' })).toBeNull();
  });

  it('an unknown associate says "Associado não encontrado."', async () => {
    setSession(buildSession());
    setCurrentCompany(buildCompany());
    mockFetch(() => ({ status: 404, body: errorBody(404, 'AssociateNotFound') }));
    renderApp(`/associates/${unknownId}`);

    expect(
      await screen.findByText('Associado não encontrado.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
  });
});
