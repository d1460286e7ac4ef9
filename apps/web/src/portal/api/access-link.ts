import {
  accessLinkStatusSchema,
  stripCpf,
  type AccessLinkStatus,
  type PortalSession,
} from '@clube/shared';
import { portalApi } from '../lib/portal-api';
import { parsePortalSession } from '../lib/session';

/**
 * POST /portal/auth/access-link: Primeiro acesso / Esqueci minha senha. The answer is the same
 * whether or not a link went out.
 */
export async function requestAccessLink(cpf: string): Promise<void> {
  await portalApi.post(
    '/portal/auth/access-link',
    { cpf: stripCpf(cpf) },
    { authenticated: false },
  );
}

/** POST /portal/auth/access-link/redeem: the link's password is set and a session opened. */
export async function redeemAccessLink(body: {
  token: string;
  newPassword: string;
}): Promise<PortalSession> {
  const data = await portalApi.post('/portal/auth/access-link/redeem', body, {
    authenticated: false,
  });
  const session = parsePortalSession(data);
  if (!session) throw new Error('The link answered no session');
  return session;
}

/** POST /portal/auth/access-link/check: whether the link still works and whose club it opens. */
export async function checkAccessLink(token: string): Promise<AccessLinkStatus> {
  const data = await portalApi.post(
    '/portal/auth/access-link/check',
    { token },
    { authenticated: false },
  );
  return accessLinkStatusSchema.parse(data);
}
