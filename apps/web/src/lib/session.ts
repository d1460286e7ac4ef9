import type { Session } from '@clube/shared';
import { createSessionStore } from './realm-session';
import { storageKeys } from './storage';
import { parseSession } from './stored-shapes';

/** The staff member's session (the back office's realm). */
const sessionStore = createSessionStore<Session>(storageKeys.session, parseSession);

export const getSession = sessionStore.get;
export const subscribeSession = sessionStore.subscribe;
export const setSession = sessionStore.set;
export const clearSession = sessionStore.clear;
export const expireSession = sessionStore.expire;
export const hasSessionExpired = sessionStore.hasExpired;
export const useSession = sessionStore.useSession;

export function useIsAuthenticated(): boolean {
  return useSession() !== null;
}
