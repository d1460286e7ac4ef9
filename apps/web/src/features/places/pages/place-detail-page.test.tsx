import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildPlace, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();

function openPlace(place: ReturnType<typeof buildPlace>) {
  mockApi(
    route.get(`/backoffice/place/${place.id}`, place),
    route.get(`/backoffice/placeImage/place/${place.id}`, { items: [] }),
    route.get(`/backoffice/category/company/${company.id}`, { items: [] }),
    route.get(`/backoffice/operating-hour/company/${company.id}`, { items: [] }),
    route.get('/backoffice/audit', { items: [], nextCursor: null }),
  );
  setSession(buildSession());
  setCurrentCompany(company);
  renderApp(`/place/${place.id}`);
}

describe('the page of a linked place', () => {
  it('says what a whole is made of', async () => {
    openPlace(
      buildPlace({
        companyId: company.id,
        name: 'Campo inteiro',
        parts: [
          { id: '55555555-5555-4555-8555-555555555551', name: 'Meio campo A' },
          { id: '55555555-5555-4555-8555-555555555552', name: 'Meio campo B' },
        ],
      }),
    );
    expect(await screen.findByText('Formado por')).toBeInTheDocument();
    expect(screen.getByText('Meio campo A, Meio campo B')).toBeInTheDocument();
    expect(screen.queryByText('Parte de')).not.toBeInTheDocument();
  });

  it('says what a part belongs to', async () => {
    openPlace(
      buildPlace({
        companyId: company.id,
        name: 'Meio campo A',
        partOf: [{ id: '55555555-5555-4555-8555-555555555550', name: 'Campo inteiro' }],
      }),
    );
    expect(await screen.findByText('Parte de')).toBeInTheDocument();
    expect(screen.getByText('Campo inteiro')).toBeInTheDocument();
  });
});
