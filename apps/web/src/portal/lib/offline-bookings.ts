import { createStoredValue } from '@/lib/storage';

/**
 * The member's upcoming bookings as last read online, so Minhas reservas and the bookings' entry
 * codes (derived from each booking's id) still show without network. They are the member's own
 * data: kept with the member and club they belong to, read back for that member only (another
 * member signing in on the device finds nothing and the snapshot is dropped), and forgotten on
 * sign-out. The items are checked with the bookings' schema where they are used, not here: this
 * module is loaded by the sign-out path, which stays without zod.
 */
export const offlineBookingsKey = 'portal-offline-bookings';

export type OfflineBookings = {
  memberId: string;
  clubId: string;
  /** When the answer was read (ISO instant): the screen says how old the list is. */
  savedAt: string;
  /** GET /portal/bookings?scope=upcoming's answer, as it came. */
  answer: unknown;
};

const isString = (value: unknown): value is string => typeof value === 'string';

function parseOfflineBookings(value: unknown): OfflineBookings | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  if (!isString(fields.memberId) || !isString(fields.clubId) || !isString(fields.savedAt)) {
    return null;
  }
  if (Number.isNaN(Date.parse(fields.savedAt)) || !('answer' in fields)) return null;
  return {
    memberId: fields.memberId,
    clubId: fields.clubId,
    savedAt: fields.savedAt,
    answer: fields.answer,
  };
}

const store = createStoredValue<OfflineBookings>(offlineBookingsKey, parseOfflineBookings);

/** Keeps the latest upcoming bookings of the signed-in member. */
export function saveOfflineBookings(snapshot: OfflineBookings): void {
  try {
    store.set(snapshot);
  } catch {
    // Storage full or refused (private mode): the portal works online as before.
  }
}

/** The snapshot of this member in this club, or null; another member's is dropped on sight. */
export function readOfflineBookings(memberId: string, clubId: string): OfflineBookings | null {
  const snapshot = store.get();
  if (!snapshot) return null;
  if (snapshot.memberId !== memberId || snapshot.clubId !== clubId) {
    clearOfflineBookings();
    return null;
  }
  return snapshot;
}

/** Forgets the snapshot (sign-out). */
export function clearOfflineBookings(): void {
  try {
    store.clear();
  } catch {
    // Nothing stored can be read either.
  }
}
