/** Mensagens: the messages the club sent to its members. */
export const messages = {
  title: 'Mensagens',
  description:
    'O que o clube enviou aos associados (links de acesso, confirmações, cancelamentos) e a situação de cada envio.',
  loading: 'Carregando mensagens…',
  loadError: 'Não foi possível carregar as mensagens.',
  empty: 'Nenhuma mensagem enviada ainda.',
  to: 'Para {{name}} <{{address}}>',
  toPortal: 'Para {{name}}, somente no portal',
  lastError: 'Tentativas: {{attempts}}. Último erro: {{error}}',
  status: {
    pending: 'Aguardando envio',
    sent: 'Entregue ao servidor de e-mail',
    kept: 'Guardada aqui (e-mail não configurado)',
    failed: 'Falhou',
    notice: 'Somente no portal (sem e-mail)',
  },
  /** The section of an associate's page: what was sent to that member. */
  ofAssociate: {
    title: 'Mensagens enviadas',
    description: 'O que o clube enviou a este associado e a situação de cada envio.',
    empty: 'Nenhuma mensagem enviada a este associado.',
    sentAt: 'Enviada em {{when}}',
    to: 'Para {{address}}',
    toPortal: 'Somente no portal',
    error: 'Erro: {{error}}',
    pushSent_one: 'Notificação entregue a 1 aparelho',
    pushSent_other: 'Notificação entregue a {{count}} aparelhos',
    pushPending_one: 'notificação aguardando envio a 1 aparelho',
    pushPending_other: 'notificação aguardando envio a {{count}} aparelhos',
    pushFailed_one: 'notificação não entregue a 1 aparelho',
    pushFailed_other: 'notificação não entregue a {{count}} aparelhos',
    showText: 'Ver texto',
    hideText: 'Ocultar texto',
  },
} as const;
