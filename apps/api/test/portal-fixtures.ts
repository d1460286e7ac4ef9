import { formatCpf } from '@clube/shared';
import type { App } from '../src/app';

export const memberPassword = 'senha-do-socio';

export type PortalSessionBody = {
  needsClub: false;
  access_token: string;
  refresh_token: string;
  member: { id: string; name: string; cardId: string; isHolder: boolean };
  club: { id: string; name: string; logoUrl: string | null; timezone: string };
  clubs: Array<{ id: string; name: string; logoUrl: string | null }>;
};

let addressSequence = 0;
/** A fresh client address, so one test's failed logins never throttle another's. */
export function freshAddress(): string {
  addressSequence += 1;
  return `10.9.${Math.floor(addressSequence / 250)}.${addressSequence % 250}`;
}

export function portalLogin(
  app: App,
  body: { cpf: string; password: string; companyId?: string },
  remoteAddress = freshAddress(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/portal/auth/login',
    payload: { ...body, cpf: formatCpf(body.cpf) },
    remoteAddress,
  });
}

/** Signs a member in (one membership) and answers the session and its Authorization header. */
export async function memberSession(
  app: App,
  member: { cpf: string },
  password = memberPassword,
  companyId?: string,
) {
  const response = await portalLogin(app, { cpf: member.cpf, password, companyId });
  if (response.statusCode !== 200 || response.json().needsClub !== false)
    throw new Error(`portal login failed: ${response.statusCode} ${response.body}`);
  const session = response.json<PortalSessionBody>();
  return { session, headers: { authorization: `Bearer ${session.access_token}` } };
}
