/** Mensagens: the messages the club sent to its members. */
export const messages = {
  title: 'Mensagens',
  description:
    'O que o clube enviou aos associados (links de acesso, confirmações, cancelamentos) e a situação de cada envio.',
  loading: 'Carregando mensagens…',
  loadError: 'Não foi possível carregar as mensagens.',
  empty: 'Nenhuma mensagem enviada ainda.',
  to: 'Para {{name}} <{{address}}>',
  lastError: 'Tentativas: {{attempts}}. Último erro: {{error}}',
  status: {
    pending: 'Aguardando envio',
    sent: 'Entregue ao servidor de e-mail',
    kept: 'Guardada aqui (e-mail não configurado)',
    failed: 'Falhou',
  },
} as const;
