import { describe, expect, it } from 'vitest';
import { createSessionStore } from './realm-session';

type TestSession = { refresh_token: string };
const parse = (value: unknown) =>
  typeof value === 'object' && value !== null && 'refresh_token' in value
    ? (value as TestSession)
    : null;

describe('a realm session', () => {
  it('remembers that the server ended it until the next session or sign-out', () => {
    const store = createSessionStore('test-session', parse);
    store.set({ refresh_token: 'r1' });
    store.expire();
    expect(store.get()).toBeNull();
    expect(store.hasExpired()).toBe(true);
    store.set({ refresh_token: 'r2' });
    expect(store.hasExpired()).toBe(false);
    store.expire();
    store.clear();
    expect(store.hasExpired()).toBe(false);
  });
});
