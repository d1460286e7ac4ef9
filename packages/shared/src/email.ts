/**
 * An e-mail address as a screen may show it to say where a message went without spelling it out:
 * the first letter of the mailbox and of the domain, and the domain's ending
 * (`joana@gmail.com` → `j•••@g•••.com`).
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  const mailbox = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dot = domain.indexOf('.');
  const ending = dot > 0 ? domain.slice(dot) : '';
  return `${mailbox[0]}•••@${domain[0] ?? ''}•••${ending}`;
}
