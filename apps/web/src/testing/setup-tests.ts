import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadAllTranslations } from '@/lib/i18n';
import { resetMockApi, startMockApi, stopMockApi } from './mock-api';

// Pages are lazy-loaded: on a busy 2-core machine, with every test file running in parallel, the
// first render of a route can take well over Testing Library's default second to appear.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver; Headless UI's combobox watches its input with one. Nothing is laid
// out in jsdom, so an observer that never reports is the faithful stand-in.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The app fetches most texts with the first page after sign-in; components tested alone need them.
beforeAll(loadAllTranslations);

// The API exists only as each test declares it (./mock-api.ts); an undeclared request fails the test.
beforeAll(startMockApi);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  resetMockApi();
});

afterAll(stopMockApi);
