export const staff = {
  title: 'Equipe',
  description: 'Quem trabalha no clube e o que cada um pode fazer.',
  rolesExplained:
    'Administrador: tudo (configurações, equipe, espaços, categorias, horários, importação). Recepção: agendamentos, cancelamentos, bloqueios, presença e associados (consultar, bloquear, definir senha). Consulta: apenas consulta.',
  loading: 'Carregando equipe…',
  error: 'Não foi possível carregar a equipe.',
  you: '(você)',
  pendingPassword: 'Ainda não trocou a senha provisória.',
  invitationPending: 'Convite pendente',
  invitationPendingByEmail: 'Convite enviado para {{email}}; a pessoa ainda não aceitou.',
  invitationPendingByCode: 'Aguardando a pessoa entrar com a senha provisória entregue.',
  roleOf: 'Papel de {{name}}',
  roleChanged: '{{name}} agora é {{role}}.',
  roleChangeError: 'Não foi possível mudar o papel.',
  remove: 'Remover',
  removeOf: 'Remover {{name}} da equipe',
  removed: '{{name}} foi removido(a) da equipe.',
  removeError: 'Não foi possível remover da equipe.',
  cancel: 'Cancelar',
  close: 'Fechar',
  confirmRemove: {
    title: 'Remover da equipe',
    message: '{{name}} perde o acesso a este clube imediatamente. A conta continua existindo.',
    messagePending:
      'O convite de {{name}} é cancelado: o link e a senha provisória deixam de valer imediatamente.',
    confirm: 'Remover',
  },
  add: {
    open: 'Adicionar pessoa',
    title: 'Adicionar pessoa à equipe',
    description:
      'Informe CPF, nome e papel. A pessoa recebe um convite e só entra no clube depois de aceitá-lo.',
    submit: 'Adicionar',
    error: 'Não foi possível adicionar a pessoa.',
  },
  fields: {
    cpf: 'CPF',
    name: 'Nome',
    nameHint: 'Como a equipe do clube verá a pessoa até ela aceitar o convite.',
    email: 'E-mail (opcional)',
    emailInvites:
      'A pessoa recebe neste e-mail o convite, com um link para aceitá-lo. Sem e-mail, você recebe uma senha provisória para entregar.',
    emailNoMail:
      'Este servidor não envia e-mails: você recebe uma senha provisória, mostrada uma vez, para entregar à pessoa.',
    role: 'Papel',
  },
  added: {
    title: 'Convite criado',
    message: '{{name}} entra na equipe como {{role}} ao aceitar o convite.',
    oneTimePassword: 'Senha provisória (mostrada só agora — anote e entregue à pessoa):',
    oneTimePasswordHint:
      'A pessoa entra com o CPF e esta senha e escolhe a própria. Se ela já usa a área da equipe de outro clube, entra com a senha de sempre e informa esta como código de convite.',
    invitation: 'Convite enviado para {{email}}.',
    invitationHint:
      'A pessoa aceita pelo link do e-mail, que vale até {{date}} e só pode ser usado uma vez. Se ele vencer, ela pede outro em "Esqueceu sua senha?", na página de entrada.',
  },
} as const;
