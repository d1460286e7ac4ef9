import { clubDateOf, clubTimeOf, dateLabel } from '@clube/shared';
import type { NewMessage } from '../../lib/mail/enqueue-messages';
import { absoluteUrl } from '../account-links/links';
import { firstNameOf, memberMessage } from '../messages/member-messages';

/** An entry just offered, with what its message says. */
export type OfferedEntry = {
  id: string;
  companyId: string;
  placeId: string;
  startsAt: string;
  endsAt: string;
  offerExpiresAt: string;
  placeName: string;
  clubName: string;
  logoUrl: string | null;
  timezone: string;
  member: { id: string; name: string; email: string | null; notifyOwnBookings: boolean };
};

/** The portal's page of the member's waitlists: the offer's message links there. */
export const waitlistsUrl = (publicUrl: string) => `${publicUrl}/portal/espera`;

/**
 * "Horário liberado para você": in Avisos always; by e-mail and push when the member keeps
 * "Confirmação das minhas reservas" on (Conta).
 */
export function offerMessage(entry: OfferedEntry, publicUrl: string): NewMessage {
  const startsAt = new Date(entry.startsAt);
  const endsAt = new Date(entry.endsAt);
  const expiresAt = new Date(entry.offerExpiresAt);
  const line = `${entry.placeName}, ${dateLabel(clubDateOf(startsAt, entry.timezone))}, ${clubTimeOf(startsAt, entry.timezone)}–${clubTimeOf(endsAt, entry.timezone)}`;
  return memberMessage({
    companyId: entry.companyId,
    reader: entry.member,
    kind: 'waitlist-offer',
    byEmail: entry.member.notifyOwnBookings,
    dedupeKey: `waitlist-offer:${entry.id}`,
    layout: {
      subject: `Horário liberado para você — ${entry.clubName}`,
      sender: entry.clubName,
      logoUrl: absoluteUrl(publicUrl, entry.logoUrl),
      greeting: `Olá, ${firstNameOf(entry.member.name)}!`,
      paragraphs: [
        `O horário da sua lista de espera ficou livre: ${line}.`,
        `Ele está guardado para você até as ${clubTimeOf(expiresAt, entry.timezone)}. Confirme no portal para reservar.`,
      ],
      action: { label: 'Ver a oferta', url: waitlistsUrl(publicUrl) },
      after: ['Se não quiser o horário, recuse a oferta para que ele passe ao próximo da fila.'],
    },
  });
}
