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
  // Read by staff, not by whoever runs the server: no command line here.
  forgotPassword: {
    title: 'Esqueceu sua senha?',
    description:
      'Por segurança, as senhas da equipe do backoffice não são redefinidas por e-mail: peça ao administrador do clube que defina uma nova senha para você.',
    stepsTitle: 'Como recuperar o acesso',
    steps: [
      'Fale com o administrador do clube e informe o seu CPF.',
      'Ele define uma nova senha para a sua conta e a entrega a você.',
      'Entre com o seu CPF e a nova senha. Guarde-a em local seguro.',
    ],
    backToLogin: 'Voltar para o login',
  },
} as const;
