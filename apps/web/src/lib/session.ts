import type { Session } from '@clube/shared';
import { createStoredValue, storageKeys, useStoredValue } from './storage';
import { parseSession } from './stored-shapes';

const sessionStore = createStoredValue<Session>(storageKeys.session, parseSession);

export const getSession = sessionStore.get;
export const setSession = sessionStore.set;
export const clearSession = sessionStore.clear;
export const subscribeSession = sessionStore.subscribe;

export function useSession(): Session | null {
  return useStoredValue(sessionStore);
}

export function useIsAuthenticated(): boolean {
  return useSession() !== null;
}
