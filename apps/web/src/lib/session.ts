import type { Session } from '@clube/shared';
import { createStoredValue, storageKeys, useStoredValue } from './storage';
import { parseSession } from './stored-shapes';

const sessionStore = createStoredValue<Session>(storageKeys.session, parseSession);

export const getSession = sessionStore.get;
export const subscribeSession = sessionStore.subscribe;

/**
 * Whether the last session ended because the server refused to renew it, as opposed to a
 * sign-out: the login screen then says why the user is there. Kept in memory only, as a reload
 * starts over anyway.
 */
let hasExpired = false;

export function setSession(session: Session): void {
  hasExpired = false;
  sessionStore.set(session);
}

export function clearSession(): void {
  hasExpired = false;
  sessionStore.clear();
}

/** Forgets a session the server will not renew, remembering why for the login screen. */
export function expireSession(): void {
  // Set before clearing: the guards re-render on the clear and read it straight away.
  hasExpired = true;
  sessionStore.clear();
}

export const hasSessionExpired = (): boolean => hasExpired;

export function useSession(): Session | null {
  return useStoredValue(sessionStore);
}

export function useIsAuthenticated(): boolean {
  return useSession() !== null;
}
