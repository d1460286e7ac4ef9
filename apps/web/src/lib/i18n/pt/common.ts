export const common = {
  appName: 'Clube Reservas',
  back: 'Voltar',
  loading: 'Carregando…',
  retry: 'Tentar novamente',
  close: 'Fechar',
  /** The file picker's own texts: the native ones follow the browser's language. */
  file: { choose: 'Escolher arquivo', none: 'Nenhum arquivo escolhido' },
  /** What a date field expects, shown as its placeholder. */
  dateFormat: 'DD/MM/AAAA',
  dateTimeFormat: 'DD/MM/AAAA HH:mm',
  /** A period filter's two dates (components/period-fields.tsx). */
  period: {
    from: 'De',
    to: 'Até',
    order: 'A data final deve ser igual ou posterior à inicial.',
  },
  notifications: 'Notificações',
  /** Every form that takes a password says this of one that is too short. */
  passwordTooShort: 'A senha deve ter pelo menos {{min}} caracteres',
  notInformed: 'Não informado',
  loadError: 'Erro ao carregar os dados.',
  technicalProblems: 'Estamos com problemas técnicos. Nosso time já está resolvendo.',
  sessionExpired: 'Sua sessão expirou. Entre novamente.',
  footer: '© {{year}} Clube Reservas. Todos os direitos reservados.',
  logoAlt: 'Logo do clube {{name}}',
  /** A refused booking's list of failing rules, in the back office and the portal. */
  bookingFailure: {
    reason: 'Motivo: {{reason}}',
    bookableFrom: 'Pode agendar a partir de {{date}}.',
    quotaResets: 'A cota do título renova em {{date}}.',
  },
  /** Every route's error page, in the back office and the portal. */
  crash: {
    title: 'Algo deu errado',
    description: 'Não foi possível exibir esta tela. Verifique sua conexão e tente de novo.',
    chunkDescription:
      'Não foi possível carregar esta tela: a conexão caiu ou o sistema acabou de ser atualizado. Tente de novo para carregar a versão atual.',
    retry: 'Tentar de novo',
    requestId: 'Se pedir ajuda, informe o código {{id}}.',
  },
  notFound: {
    title: 'Página não encontrada!',
    description: 'O endereço acessado não existe ou foi removido.',
  },
  /** The guest list editor, shared by the portal and the back office. */
  guests: {
    title: 'Convidados',
    rules: 'Até {{limit}} convidados. A lista pode mudar até {{deadline}}.',
    rulesCpf: 'O CPF de cada convidado é obrigatório.',
    closed: 'A lista não pode mais ser alterada (prazo: {{deadline}}).',
    empty: 'Nenhum convidado na lista.',
    name: 'Nome do convidado {{number}}',
    cpf: 'CPF do convidado {{number}}',
    cpfKept: 'CPF {{masked}} (digite para trocar)',
    cpfOptional: 'Opcional',
    add: 'Adicionar convidado',
    remove: 'Remover {{name}}',
    removeUnnamed: 'Remover convidado {{number}}',
    removeShort: 'Remover',
    save: 'Salvar lista',
    saved: 'Lista de convidados salva.',
    saveFailed: 'Não foi possível salvar a lista de convidados.',
    count: '{{count}} de {{limit}} convidados',
    manage: 'Convidados ({{count}})',
    manageLabel: 'Convidados da reserva em {{place}}, {{when}}',
  },
} as const;
