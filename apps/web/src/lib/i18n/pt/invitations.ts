/** Invitations to the members' portal, from the associates list and an associate's page. */
export const invitations = {
  open: 'Convidar para o portal',
  title: 'Convidar para o portal',
  question_one:
    'Enviar o convite para o portal a {{eligible}} associado com e-mail cadastrado e ainda sem senha?',
  question_other:
    'Enviar o convite para o portal a {{eligible}} associados com e-mail cadastrado e ainda sem senha?',
  explanation:
    'Cada um recebe por e-mail um link para criar a senha, válido por 7 dias. Quem já foi convidado hoje não recebe de novo. O envio continua mesmo se você sair desta tela.',
  confirm_one: 'Enviar {{eligible}} convite',
  confirm_other: 'Enviar {{eligible}} convites',
  cancel: 'Cancelar',
  nobody: 'Todos os associados com e-mail já têm senha ou foram convidados hoje.',
  started: 'Envio dos convites iniciado.',
  sentToOne: 'Convite enviado para o e-mail do associado.',
  error: 'Não foi possível enviar o convite.',
  progress: 'Enviando convites: {{done}} de {{total}}',
  progressLabel: 'Andamento do envio dos convites',
  finished: 'Convites enviados: {{done}} de {{total}}.',
  /** Without a mail server (SMTP): nothing leaves the server, the links are handed over. */
  noMail: {
    question_one:
      'Preparar o convite para o portal de {{eligible}} associado com e-mail cadastrado e ainda sem senha?',
    question_other:
      'Preparar o convite para o portal de {{eligible}} associados com e-mail cadastrado e ainda sem senha?',
    explanation:
      'Este servidor não envia e-mails: nenhum convite sai daqui. Cada convite, com o link para o associado criar a senha (válido por 7 dias), fica em Mensagens, para a equipe entregar a ele (por WhatsApp, por exemplo). Quem já foi convidado hoje não recebe de novo.',
    confirm_one: 'Preparar {{eligible}} convite',
    confirm_other: 'Preparar {{eligible}} convites',
    started: 'Preparando os convites: os links ficam em Mensagens.',
    progress: 'Preparando convites: {{done}} de {{total}}',
    finished:
      'Convites prontos: {{done}} de {{total}}. Este servidor não envia e-mails: nenhum associado recebeu o convite.',
    handOver: 'Entregue a cada associado o link do seu convite, que está em Mensagens.',
    handOverAskAdministrator:
      'Entregue a cada associado o link do seu convite: o Administrador do clube o encontra em Mensagens.',
    openMessages: 'Abrir Mensagens',
    readyForOne:
      'Convite pronto. Este servidor não envia e-mails: entregue ao associado o link que está em Mensagens.',
  },
  /** Messages the mail server refused, and members a sending given up part-way never reached. */
  failed_one: '{{failed}} convite não foi entregue (os que falharam no envio estão em Mensagens).',
  failed_other:
    '{{failed}} convites não foram entregues (os que falharam no envio estão em Mensagens).',
} as const;
