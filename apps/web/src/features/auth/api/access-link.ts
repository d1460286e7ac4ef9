import {
  accessLinkStatusSchema,
  stripCpf,
  type AccessLinkStatus,
  type Session,
} from '@clube/shared';
import { api } from '@/lib/api-client';
import { parseSession } from '@/lib/stored-shapes';

/** POST /auth/access-link: Esqueci minha senha. The same answer whether or not a link went out. */
export async function requestStaffAccessLink(cpf: string): Promise<void> {
  await api.post('/auth/access-link', { cpf: stripCpf(cpf) }, { authenticated: false });
}

/** POST /auth/access-link/redeem: the link's password is set and a session opened. */
export async function redeemStaffAccessLink(body: {
  token: string;
  newPassword: string;
}): Promise<Session> {
  const data = await api.post('/auth/access-link/redeem', body, { authenticated: false });
  const session = parseSession(data);
  if (!session) throw new Error('The link answered no session');
  return session;
}

/** POST /auth/access-link/check: whether the link still works (and its club); spends nothing. */
export async function checkStaffAccessLink(token: string): Promise<AccessLinkStatus> {
  const data = await api.post('/auth/access-link/check', { token }, { authenticated: false });
  return accessLinkStatusSchema.parse(data);
}
