import { renderMessage, type RenderedMessage } from '../../lib/mail/layout';

export type AccessLinkMessageInput = {
  purpose: 'first-access' | 'reset' | 'invitation';
  personName: string;
  /** The club's name, or undefined for a staff account (which belongs to no one club). */
  clubName?: string;
  logoUrl?: string | null;
  link: string;
  expiresInMinutes: number;
};

/** The message carrying a password link: first access, invitation or forgotten password. */
export function renderAccessLinkMessage(input: AccessLinkMessageInput): RenderedMessage {
  const firstName = input.personName.trim().split(/\s+/)[0] ?? input.personName;
  const where = input.clubName
    ? `no portal do associado do ${input.clubName}`
    : 'no Clube Reservas (área da equipe)';
  const isNew = input.purpose !== 'reset';
  return renderMessage({
    subject: isNew
      ? `Crie sua senha de acesso${input.clubName ? ` — ${input.clubName}` : ''}`
      : `Redefina sua senha${input.clubName ? ` — ${input.clubName}` : ''}`,
    sender: input.clubName ?? 'Clube Reservas',
    logoUrl: input.logoUrl,
    greeting: `Olá, ${firstName}!`,
    paragraphs: [
      input.purpose === 'invitation'
        ? `Você foi convidado a usar ${where}: por ele você vê os espaços, reserva e acompanha suas reservas.`
        : isNew
          ? `Recebemos um pedido de primeiro acesso ${where}.`
          : `Recebemos um pedido para redefinir sua senha ${where}.`,
      'Para escolher sua senha, abra o link abaixo. Ele só pode ser usado uma vez.',
    ],
    action: { label: isNew ? 'Criar minha senha' : 'Redefinir minha senha', url: input.link },
    after: [
      `O link vale por ${input.expiresInMinutes} minutos e deixa de valer se um novo for pedido.`,
      'Se não foi você quem pediu, ignore esta mensagem: sua senha continua a mesma.',
    ],
  });
}
