import type { Permission } from '@clube/shared';

/** Why a screen or an action is closed to the role, and the page of a route it cannot open. */
export const permissions = {
  noPermission: {
    title: 'Sem permissão',
    description: 'O seu papel neste clube ({{role}}) não permite abrir esta página.',
    back: 'Voltar ao início',
  },
  yourRole: 'Seu papel: {{role}}',
  reasons: {
    'account.self': '',
    'club.read': '',
    'bookings.write':
      'Somente administradores e recepção podem agendar, cancelar e registrar presença.',
    'bookings.exception':
      'Somente administradores e recepção podem agendar ou cancelar como exceção.',
    'blocks.write': 'Somente administradores e recepção podem criar e excluir bloqueios.',
    'associates.write':
      'Somente administradores e recepção podem bloquear associados e definir senhas do portal.',
    'associates.import': 'Somente administradores podem importar associados.',
    'places.write': 'Somente administradores podem criar e alterar espaços.',
    'categories.write': 'Somente administradores podem criar e alterar categorias.',
    'operating-hours.write': 'Somente administradores podem alterar os horários de funcionamento.',
    'settings.write': 'Somente administradores podem alterar as configurações.',
    'staff.manage': 'Somente administradores podem gerenciar a equipe.',
    'audit.read': 'Somente administradores e consulta podem ver a auditoria.',
    'reports.read': 'Somente administradores e consulta podem ver os relatórios.',
    'messages.read': 'Somente administradores podem ver as mensagens enviadas pelo clube.',
    'associates.manage': 'Somente administradores podem cadastrar e editar associados.',
    'server.create-club': 'Somente um administrador do servidor pode criar clubes.',
  } satisfies Record<Permission, string>,
} as const;
