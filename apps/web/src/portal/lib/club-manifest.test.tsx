import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { renderPortal } from '@/testing/render';
import { nextId } from '../testing/factories';
import { clubManifestUrl, portalManifestUrl } from './club-manifest';

/** portal/index.html's manifest link. */
function addManifestLink() {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = portalManifestUrl;
  document.head.append(link);
  return link;
}

afterEach(() => document.head.querySelector('link[rel="manifest"]')?.remove());

describe('the portal’s install name', () => {
  it('is the club’s on the page of the club’s password link', async () => {
    const link = addManifestLink();
    const clubId = nextId();
    mockApi(route.post('/portal/auth/access-link/check', { clubName: 'Clube Náutico', clubId }));
    window.location.hash = '#token=abcdefghijklmnopqrstuvwxyz0123456789';
    const page = renderPortal('/acesso/senha');
    expect(await screen.findByText('Clube Náutico')).toBeVisible();
    // The link follows the page's club in an effect, right after the page shows it.
    await waitFor(() => expect(link.getAttribute('href')).toBe(clubManifestUrl(clubId)));
    expect(clubManifestUrl(clubId)).toBe(`/api/portal/clubs/${clubId}/manifest.webmanifest`);

    page.unmount();
    expect(link.getAttribute('href')).toBe(portalManifestUrl);
  });
});
