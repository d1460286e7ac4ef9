import type { ApiErrorKey } from '@clube/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { findPortalSession } from '../../services/portal/find-portal-session';

type IssuedTokens = { refreshToken: string; sessionVersion: number };

/**
 * The portal's session answer once a member's refresh token is issued (a link redeemed, a token
 * rotated, a password changed): the member, their club and a new access token of this session's
 * version. Without the password the member's other clubs cannot be told: only this session's club.
 * `missing` is the error when the member is gone meanwhile.
 */
export async function portalSessionAnswer(
  app: FastifyInstance,
  associateId: string,
  { refreshToken, sessionVersion }: IssuedTokens,
  missing: Extract<ApiErrorKey, 'AccessLinkInvalid' | 'RefreshTokenExpired' | 'Unauthorized'>,
) {
  const session = await findPortalSession(app.db, { associateId });
  if (!session) throw new AppError(missing);
  return {
    needsClub: false as const,
    ...session,
    clubs: [{ id: session.club.id, name: session.club.name, logoUrl: session.club.logoUrl }],
    access_token: app.jwt.sign({ sub: session.member.id, realm: 'associate', ver: sessionVersion }),
    refresh_token: refreshToken,
  };
}
