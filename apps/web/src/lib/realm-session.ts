import { createStoredValue, useStoredValue } from './storage';

/**
 * The signed-in state of one realm (the back office or the portal), written once: each realm
 * keeps its session under its own key, so a staff member and a member may be signed in on the
 * same browser (the club's front desk) and neither sign-out ends the other's session.
 */
export function createSessionStore<S>(key: string, parse: (value: unknown) => S | null) {
  const store = createStoredValue<S>(key, parse);
  /**
   * Whether the last session ended because the server refused to renew it, as opposed to a
   * sign-out: the sign-in screen then says why the user is there. Kept in memory only, as a
   * reload starts over anyway.
   */
  let hasExpired = false;
  return {
    get: store.get,
    subscribe: store.subscribe,
    set(session: S) {
      hasExpired = false;
      store.set(session);
    },
    clear() {
      hasExpired = false;
      store.clear();
    },
    /** Forgets a session the server will not renew, remembering why for the sign-in screen. */
    expire() {
      // Set before clearing: the guards re-render on the clear and read it straight away.
      hasExpired = true;
      store.clear();
    },
    hasExpired: () => hasExpired,
    useSession: () => useStoredValue(store),
  };
}
