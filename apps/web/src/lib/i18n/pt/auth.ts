export const auth = {
  login: {
    title: 'Conecte-se para continuar',
    subtitle: 'Acesso restrito à equipe do clube.',
    cpfLabel: 'CPF',
    cpfPlaceholder: '000.000.000-00',
    passwordLabel: 'Senha',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    forgotPassword: 'Esqueceu sua senha?',
    submit: 'Entrar',
    submitting: 'Entrando…',
    haveInvitationCode: 'Tenho um código de convite de um clube',
    invitationCode: 'Código de convite',
    invitationCodeHint:
      'A senha provisória que o clube entregou. Entre com a sua senha de sempre e informe o código aqui para aceitar o convite.',
    invitationFromLink:
      'Você já tem acesso à área da equipe de outro clube. Entre com o seu CPF e a sua senha de sempre para aceitar o convite.',
  },
  /** Messages for /login/:error and /login?error=… (set by the app, never typed by users). */
  loginErrors: {
    NoCompanyFound:
      'Nenhum clube está vinculado à sua conta. Fale com o administrador do clube para obter acesso.',
    SessionExpired: 'Sua sessão expirou. Entre novamente.',
    unknown: 'Não foi possível continuar. Entre novamente.',
  },
  toasts: {
    invalidEmail: 'Email inválido! Corrija seus dados e tente novamente.',
    invalidCredentials: 'Credenciais inválidas! Tente novamente.',
    technicalProblems: 'Estamos com problemas técnicos. Nosso time já está resolvendo.',
  },
  accessLink: {
    cpfLabel: 'CPF',
    cpfPlaceholder: '000.000.000-00',
    required: 'Campo obrigatório!',
    invalidCpf: 'CPF inválido.',
    tooManyRequests: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
  },
  // Read by staff, not by whoever runs the server: no command line here.
  forgotPassword: {
    title: 'Esqueceu sua senha?',
    description:
      'Informe o seu CPF. Se a sua conta da equipe tiver um e-mail cadastrado, enviaremos para ele um link para criar uma nova senha.',
    submit: 'Enviar link',
    sent: 'Se houver um e-mail cadastrado para este CPF, enviamos para ele um link para criar uma nova senha. O link vale por 30 minutos e só pode ser usado uma vez.',
    notReceived:
      'Não recebeu em alguns minutos? Confira a caixa de spam. Se a sua conta não tiver e-mail, peça ao administrador do clube que defina uma nova senha para você.',
    technicalProblems: 'Não foi possível enviar agora. Tente novamente em instantes.',
    backToLogin: 'Voltar para o login',
    // Without SMTP no link can reach a staff member. Staff accounts are the person's own, so no
    // club screen sets their password: it is reset on the server, and the last administrator,
    // who has nobody to ask, needs the command itself.
    noMail: 'Este clube não envia e-mails, então a senha não pode ser redefinida por um link.',
    noMailAskAdministrator:
      'Peça a um administrador do clube. Sem e-mail, a senha da equipe só é redefinida no servidor do clube, por quem cuida dele.',
    noMailLastAdministrator:
      'Administrador: no computador onde o servidor roda, use o comando reset-staff-password (npm run cli -- reset-staff-password --cpf <CPF> --password <nova senha>).',
  },
  choosePassword: {
    title: 'Crie sua nova senha',
    description: 'Escolha a sua senha (pelo menos {{min}} caracteres). Depois, você já entra.',
    newPassword: 'Nova senha',
    confirmPassword: 'Repita a nova senha',
    submit: 'Salvar senha e entrar',
    tooShort: 'A senha deve ter pelo menos {{min}} caracteres.',
    mismatch: 'As senhas não conferem.',
    invalidLink: 'Este link não é válido. Peça um novo link.',
    checking: 'Conferindo o link…',
    askAgain: 'Pedir um novo link',
  },
} as const;
