import { staffRoleLabels, type StaffRole } from '@clube/shared';
import { renderMessage, type RenderedMessage } from '../../lib/mail/layout';

export type StaffInvitationMessageInput = {
  personName: string;
  clubName: string;
  logoUrl?: string | null;
  role: StaffRole;
  link: string;
  expiresInDays: number;
};

/**
 * The invitation a person receives: the club, the role, the link to accept it by choosing a
 * password (or, for someone who already works in another club, with the password they use).
 */
export function renderStaffInvitationMessage(input: StaffInvitationMessageInput): RenderedMessage {
  const firstName = input.personName.trim().split(/\s+/)[0] ?? input.personName;
  return renderMessage({
    subject: `Convite para a equipe — ${input.clubName}`,
    sender: input.clubName,
    logoUrl: input.logoUrl,
    greeting: `Olá, ${firstName}!`,
    paragraphs: [
      `Você foi adicionado(a) à equipe do ${input.clubName} no Clube Reservas, como ${staffRoleLabels[input.role]}.`,
      'Para aceitar, escolha sua senha pelo link abaixo. Ele só pode ser usado uma vez; depois, você entra com o seu CPF e a senha escolhida.',
      'Se você já usa a área da equipe de outro clube no Clube Reservas, o link pede a sua senha de sempre para aceitar o convite.',
    ],
    action: { label: 'Criar minha senha', url: input.link },
    after: [
      `O link vale por ${input.expiresInDays} dias. Se ele vencer, peça um novo em "Esqueceu sua senha?", na página de entrada.`,
      'Se você não esperava este convite, ignore esta mensagem.',
    ],
  });
}
