import type { PortalSession } from '@clube/shared';
import { createSessionStore } from '@/lib/realm-session';

/**
 * The member's session, under a key of its own: a staff member and a member may be signed in on
 * the same browser (the club's front desk), and neither sign-out may end the other's session.
 */
export const portalSessionKey = 'portal-session';

/** zod 4's `z.uuid()` pattern (the stored session is checked without zod: see parseSession). */
const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isUuid = (value: unknown): value is string => isString(value) && uuidPattern.test(value);

type PortalClubShape = PortalSession['clubs'][number];

function parseClub(value: unknown): PortalClubShape | null {
  if (!isObject(value) || !isUuid(value.id) || !isString(value.name)) return null;
  if (!(value.logoUrl === null || isString(value.logoUrl))) return null;
  return { id: value.id, name: value.name, logoUrl: value.logoUrl };
}

/** The clubs of a login that matched several memberships, or null. */
export function parseClubList(value: unknown): PortalClubShape[] | null {
  if (!Array.isArray(value)) return null;
  const clubs = value.map(parseClub);
  return clubs.every((club) => club !== null) ? (clubs as PortalClubShape[]) : null;
}

/**
 * A portal session as the API answers it and as it is stored, or null when it is not one.
 * Checked by hand, like the back office's stored session: the sign-in page's first load stays
 * without zod.
 */
export function parsePortalSession(value: unknown): PortalSession | null {
  if (!isObject(value) || value.needsClub !== false) return null;
  if (!isString(value.access_token) || !isString(value.refresh_token)) return null;
  const { member, club } = value;
  if (!isObject(member) || !isUuid(member.id) || !isString(member.name)) return null;
  if (!isString(member.cardId) || typeof member.isHolder !== 'boolean') return null;
  const baseClub = parseClub(club);
  if (!baseClub || !isObject(club) || !isString(club.timezone)) return null;
  const clubs = parseClubList(value.clubs);
  if (!clubs) return null;
  return {
    needsClub: false,
    access_token: value.access_token,
    refresh_token: value.refresh_token,
    member: { id: member.id, name: member.name, cardId: member.cardId, isHolder: member.isHolder },
    club: { ...baseClub, timezone: club.timezone },
    clubs,
  };
}

/** The member's session (the portal's realm). */
const sessionStore = createSessionStore<PortalSession>(portalSessionKey, parsePortalSession);

export const getPortalSession = sessionStore.get;
export const setPortalSession = sessionStore.set;
export const clearPortalSession = sessionStore.clear;
export const expirePortalSession = sessionStore.expire;
export const hasPortalSessionExpired = sessionStore.hasExpired;
export const usePortalSession = sessionStore.useSession;

/** Signed-in pages only (behind MemberOnlyRoute): the session is there. */
export function useSignedInSession(): PortalSession {
  const session = usePortalSession();
  if (!session) throw new Error('useSignedInSession outside a signed-in portal page');
  return session;
}
