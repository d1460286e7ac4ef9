import { readFileSync } from 'node:fs';
import { clubShortName } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { createClubWithStaff } from '../factories';
import { build } from '../helper';

const context = build();

const manifestOf = (clubId: string) =>
  context.app.inject({ method: 'GET', url: `/api/portal/clubs/${clubId}/manifest.webmanifest` });

/** The portal's own manifest, as the web build serves it. */
const portalManifest = JSON.parse(
  readFileSync(new URL('../../../web/public/portal/manifest.webmanifest', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('GET /api/portal/clubs/:clubId/manifest.webmanifest', () => {
  it('names the installed portal for the club, with no sign-in', async () => {
    const { company } = await createClubWithStaff(context.db, { name: 'Clube Náutico Beira-Rio' });
    const response = await manifestOf(company.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toMatchObject({
      name: 'Clube Náutico Beira-Rio — Reservas',
      short_name: 'Náutico',
    });
  });

  it('is the portal’s own manifest but the names: same id, start URL, scope and icons', async () => {
    const { company } = await createClubWithStaff(context.db, { name: 'Clube Demonstração' });
    const { name: _name, short_name: _shortName, ...rest } = (await manifestOf(company.id)).json();
    const { name: _portalName, short_name: _portalShort, ...portalRest } = portalManifest;
    expect(rest).toEqual(portalRest);
    expect(rest.scope).toBe('/portal/');
  });

  it('answers 404 for a club that does not exist and 400 for an id that is not one', async () => {
    const missing = await manifestOf('0b6d1f3e-7c1a-4f2b-9d3e-1a2b3c4d5e6f');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('CompanyNotFound');
    expect((await manifestOf('nao-e-um-id')).statusCode).toBe(400);
  });
});

describe('a club’s short name on a home screen', () => {
  it('leaves out a leading "Clube" and keeps within 12 letters', () => {
    expect(clubShortName('Clube Demonstração')).toBe('Demonstração');
    expect(clubShortName('Clube Náutico Beira-Rio')).toBe('Náutico');
    expect(clubShortName('Iate Clube')).toBe('Iate Clube');
    expect(clubShortName('Clube')).toBe('Clube');
    expect(clubShortName('Associação Atlética Banco do Brasil')).toBe('Atlética');
  });
});
