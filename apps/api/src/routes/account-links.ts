import {
  accessLinkRequestBodySchema,
  accessLinkRequestedSchema,
  accessLinkStatusSchema,
  checkAccessLinkBodySchema,
  errorBodySchema,
  redeemAccessLinkBodySchema,
} from '@clube/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { throttle, type AddressLimit } from '../services/auth/login';
import { checkAccessLink } from '../services/account-links/check-access-link';
import { redeemAccessLink } from '../services/account-links/redeem-access-link';
import {
  accessLinkLimits,
  sendMemberAccessLinks,
  sendStaffAccessLink,
} from '../services/account-links/send-access-links';

export type Realm = 'staff' | 'associate';

/**
 * Primeiro acesso / Esqueci minha senha: the request is throttled per CPF and per address, then
 * answered 202 at once, the same for every CPF; the CPF is looked up and the link mailed only
 * after the answer left, so neither its words nor its time tell whether the CPF is known.
 */
export async function requestAccessLink(
  app: FastifyInstance,
  request: { body: { cpf: string }; ip: string; log: FastifyBaseLogger },
  realm: Realm,
) {
  const { cpf } = request.body;
  await throttle(app.rateLimiter, [
    {
      key: `access-link:${realm}:cpf-addr:${cpf}:${request.ip}`,
      limit: accessLinkLimits.perCpfAndAddress,
    },
    { key: `access-link:${realm}:cpf:${cpf}`, limit: accessLinkLimits.perCpf },
    accessLinkAddressLimit(realm)(request.ip),
  ]);
  const send = realm === 'staff' ? sendStaffAccessLink : sendMemberAccessLinks;
  app.afterResponse.run(
    () =>
      send(app.db, {
        cpf,
        publicUrl: app.config.publicUrl,
        rateLimiter: app.rateLimiter,
        address: request.ip,
      }),
    request.log,
  );
  return { ok: true as const };
}

/** How many link requests an address may make in a window, per realm. */
export const accessLinkAddressLimit =
  (realm: Realm) =>
  (address: string): AddressLimit => ({
    key: `access-link:${realm}:addr:${address}`,
    limit: accessLinkLimits.perAddress,
  });

/** The link's password is set and a session of the link's realm is opened. */
export function redeemAccessLinkOf(
  app: FastifyInstance,
  request: { body: { token: string; newPassword: string }; ip: string },
  realm: Realm,
) {
  return redeemAccessLink(app.db, {
    ...request.body,
    realm,
    address: request.ip,
    rateLimiter: app.rateLimiter,
  });
}

/** Whether the link still works, asked when its page opens; nothing is spent. */
export function checkAccessLinkOf(
  app: FastifyInstance,
  request: { body: { token: string }; ip: string },
  realm: Realm,
) {
  return checkAccessLink(app.db, {
    token: request.body.token,
    realm,
    address: request.ip,
    rateLimiter: app.rateLimiter,
  });
}

export const accessLinkRouteSchemas = {
  request: (tags: string[], summary: string) => ({
    tags,
    summary,
    body: accessLinkRequestBodySchema,
    response: { 202: accessLinkRequestedSchema, 400: errorBodySchema, 429: errorBodySchema },
  }),
  redeem: (tags: string[], summary: string) => ({
    tags,
    summary,
    body: redeemAccessLinkBodySchema,
  }),
  check: (tags: string[], summary: string) => ({
    tags,
    summary,
    body: checkAccessLinkBodySchema,
    response: {
      200: accessLinkStatusSchema,
      400: errorBodySchema,
      410: errorBodySchema,
      429: errorBodySchema,
    },
  }),
};
