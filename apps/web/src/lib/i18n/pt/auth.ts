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
  forgotPassword: {
    title: 'Esqueceu sua senha?',
    description:
      'Por segurança, as senhas da equipe do backoffice não são redefinidas por e-mail. Quem redefine a sua senha é o administrador do clube.',
    stepsTitle: 'Como recuperar o acesso',
    steps: [
      'Fale com o administrador do sistema do seu clube.',
      'Ele define uma nova senha para o seu CPF no servidor, com o comando abaixo.',
      'Entre com o seu CPF e a nova senha. Guarde-a em local seguro.',
    ],
    commandLabel: 'Comando do administrador',
    command: 'npm run cli -- reset-staff-password --cpf 000.000.000-00 --password NOVA_SENHA',
    backToLogin: 'Voltar para o login',
  },
} as const;
