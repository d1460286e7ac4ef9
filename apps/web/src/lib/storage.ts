import { useSyncExternalStore } from 'react';

export const storageKeys = {
  session: 'backoffice-session',
  currentCompany: 'backoffice-current-company',
} as const;

export type StoredValue<T> = {
  get: () => T | null;
  set: (value: T) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
};

/**
 * A JSON value in localStorage that React can subscribe to. Whatever is read back is validated
 * with `parse` (null when it is not a T), so a value written by an older version (or edited by hand) reads as absent
 * instead of crashing the app. Changes made in another tab are picked up through `storage` events.
 */
export function createStoredValue<T>(
  key: string,
  parse: (value: unknown) => T | null,
): StoredValue<T> {
  const listeners = new Set<() => void>();
  // useSyncExternalStore needs a stable snapshot, so parse once per raw string.
  let cachedRaw: string | null | undefined;
  let cachedValue: T | null = null;

  function get(): T | null {
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return null;
    }
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    cachedValue = null;
    if (raw !== null) {
      try {
        cachedValue = parse(JSON.parse(raw));
      } catch {
        cachedValue = null;
      }
    }
    return cachedValue;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function set(value: T) {
    window.localStorage.setItem(key, JSON.stringify(value));
    notify();
  }

  function clear() {
    window.localStorage.removeItem(key);
    notify();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return { get, set, clear, subscribe };
}

export function useStoredValue<T>(store: StoredValue<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
