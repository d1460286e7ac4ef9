export const staff = {
  title: 'Equipe',
  description: 'Quem trabalha no clube e o que cada um pode fazer.',
  rolesExplained:
    'Administrador: tudo (configurações, equipe, espaços, categorias, horários, importação). Recepção: agendamentos, cancelamentos, bloqueios, presença e associados (consultar, bloquear, definir senha). Consulta: apenas consulta.',
  loading: 'Carregando equipe…',
  error: 'Não foi possível carregar a equipe.',
  you: '(você)',
  pendingPassword: 'Ainda não trocou a senha provisória.',
  invitationPending: 'Convite enviado por e-mail; ainda não criou a senha.',
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
    confirm: 'Remover',
  },
  add: {
    open: 'Adicionar pessoa',
    title: 'Adicionar pessoa à equipe',
    description:
      'Informe o CPF. Quem já tem conta entra no clube como está; para uma conta nova, informe o nome.',
    submit: 'Adicionar',
    error: 'Não foi possível adicionar a pessoa.',
  },
  fields: {
    cpf: 'CPF',
    name: 'Nome',
    nameHint: 'Obrigatório apenas para quem ainda não tem conta.',
    email: 'E-mail (opcional)',
    emailInvites:
      'Quem ainda não tem conta recebe neste e-mail um convite para criar a própria senha. Sem e-mail, você recebe uma senha provisória para entregar.',
    emailNoMail:
      'Este servidor não envia e-mails: quem ainda não tem conta recebe uma senha provisória, mostrada uma vez.',
    role: 'Papel',
  },
  added: {
    title: 'Pessoa adicionada',
    message: '{{name}} faz parte da equipe como {{role}}.',
    oneTimePassword: 'Senha provisória (mostrada só agora — anote e entregue à pessoa):',
    oneTimePasswordHint: 'No primeiro acesso, a pessoa deverá trocar esta senha.',
    existingAccount: 'A pessoa já tinha conta: ela entra com a senha que já usa.',
    invitation: 'Convite enviado para {{email}}.',
    invitationHint:
      'A pessoa cria a própria senha pelo link do e-mail, que vale até {{date}} e só pode ser usado uma vez. Se ele vencer, ela pede outro em "Esqueceu sua senha?", na página de entrada.',
  },
} as const;
