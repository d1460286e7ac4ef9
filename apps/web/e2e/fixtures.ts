import { test as base, type Page } from '@playwright/test';
import { openApiSession, signInToDemoClub, signInToPortal, type ApiSession } from './helpers';

/**
 * The specs' test, with the demo staff's two ways in as fixtures, set up only for the tests that
 * name them: `api`, a session of the API (its headers and the demo club's id) for the data a spec
 * seeds; `staffPage`, the page signed in to the demo club through the sign-in screen; and
 * `memberPage`, the page signed in to the portal as the demo member (`demoMember`).
 */
export const test = base.extend<{ api: ApiSession; staffPage: Page; memberPage: Page }>({
  api: async ({ request }, use) => {
    await use(await openApiSession(request));
  },
  staffPage: async ({ page }, use) => {
    await signInToDemoClub(page);
    await use(page);
  },
  memberPage: async ({ page }, use) => {
    await signInToPortal(page);
    await use(page);
  },
});

export { expect } from '@playwright/test';
