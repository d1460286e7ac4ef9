import { stripCpf, type PortalClub, type PortalSession } from '@clube/shared';
import { portalApi } from '../lib/portal-api';
import { parseClubList, parsePortalSession } from '../lib/session';

export type SignInResult =
  { kind: 'session'; session: PortalSession } | { kind: 'chooseClub'; clubs: PortalClub[] };

/**
 * POST /portal/auth/login. Without `companyId` the API signs in when one membership's password
 * matches, or answers the clubs to choose from when several do; the same CPF and password are
 * then sent again with the chosen club. Checked by hand: no zod on the sign-in page.
 */
export async function signIn(body: {
  cpf: string;
  password: string;
  companyId?: string;
}): Promise<SignInResult> {
  const data = await portalApi.post(
    '/portal/auth/login',
    { ...body, cpf: stripCpf(body.cpf) },
    { authenticated: false },
  );
  const session = parsePortalSession(data);
  if (session) return { kind: 'session', session };
  const clubs =
    typeof data === 'object' && data !== null && 'clubs' in data
      ? parseClubList((data as { clubs: unknown }).clubs)
      : null;
  if (clubs && clubs.length > 0) return { kind: 'chooseClub', clubs };
  throw new Error('The portal login answered neither a session nor a club choice');
}
