/** Where a member opens their password link (the portal reads the token from the fragment). */
export const memberAccessLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/portal/acesso/senha#token=${token}`;

/** Where a staff member opens theirs. */
export const staffAccessLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/redefinir-senha#token=${token}`;

/** An image path of the API (`/api/uploads/…`) as an address a mail client can load. */
export const absoluteUrl = (publicUrl: string, path: string | null) =>
  path === null ? null : /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;
