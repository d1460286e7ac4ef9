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

/** The invitation a new staff member receives: the club, the role, the link to choose a password. */
export function renderStaffInvitationMessage(input: StaffInvitationMessageInput): RenderedMessage {
  const firstName = input.personName.trim().split(/\s+/)[0] ?? input.personName;
  return renderMessage({
    subject: `Convite para a equipe — ${input.clubName}`,
    sender: input.clubName,
    logoUrl: input.logoUrl,
    greeting: `Olá, ${firstName}!`,
    paragraphs: [
      `Você foi adicionado(a) à equipe do ${input.clubName} no Clube Reservas, como ${staffRoleLabels[input.role]}.`,
      'Para entrar, escolha sua senha pelo link abaixo. Ele só pode ser usado uma vez; depois, você entra com o seu CPF e a senha escolhida.',
    ],
    action: { label: 'Criar minha senha', url: input.link },
    after: [
      `O link vale por ${input.expiresInDays} dias. Se ele vencer, peça um novo em "Esqueceu sua senha?", na página de entrada.`,
      'Se você não esperava este convite, ignore esta mensagem.',
    ],
  });
}
