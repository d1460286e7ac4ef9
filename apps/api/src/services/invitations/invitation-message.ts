import { renderMessage, type RenderedMessage } from '../../lib/mail/layout';

export type InvitationMessageInput = {
  clubName: string;
  logoUrl?: string | null;
  /** The member's first name. */
  firstName: string;
  /** Where the member chooses their password (the first-access link). */
  link: string;
  expiresInDays: number;
};

/** The invitation to the members' portal the club sends after importing its members. */
export function renderInvitationMessage(input: InvitationMessageInput): RenderedMessage {
  return renderMessage({
    subject: `Convite para o portal do associado — ${input.clubName}`,
    sender: input.clubName,
    logoUrl: input.logoUrl,
    greeting: `Olá, ${input.firstName}!`,
    paragraphs: [
      `O ${input.clubName} agora tem um portal do associado: por ele você vê os espaços do clube, faz suas reservas e acompanha as que já tem, pelo celular ou pelo computador.`,
      'Para entrar pela primeira vez, crie sua senha no link abaixo. Depois, entre com o seu CPF e essa senha.',
    ],
    action: { label: 'Criar minha senha', url: input.link },
    after: [
      `O link vale por ${input.expiresInDays} dias e só pode ser usado uma vez. Se ele expirar, peça outro em "Primeiro acesso", na página de entrada do portal.`,
    ],
  });
}
