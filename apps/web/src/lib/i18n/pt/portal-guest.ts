/**
 * The members' portal (src/portal), signed-out screens: the portal's name, sign-in (with the club
 * picker), forgot password and the loading label. Its own i18n instance loads this section with
 * `common` and `errors` in the entry; the signed-in sections are in portal-member.ts, under the
 * same `portal` key. The back office never loads either. Words for members, not staff: "reserva",
 * not "agendamento".
 */
export const portalGuest = {
  appName: 'Clube Reservas — Associados',
  shortName: 'Associados',
  signIn: {
    title: 'Portal do associado',
    subtitle: 'Entre com o seu CPF e a senha do portal para reservar os espaços do seu clube.',
    cpfLabel: 'CPF',
    cpfPlaceholder: '000.000.000-00',
    passwordLabel: 'Senha',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    forgotPassword: 'Esqueci minha senha',
    submit: 'Entrar',
    submitting: 'Entrando…',
    required: 'Campo obrigatório!',
    invalidCpf: 'CPF inválido.',
    invalidCredentials: 'CPF ou senha incorretos. Confira e tente novamente.',
    tooManyRequests: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.',
    technicalProblems: 'Não foi possível entrar agora. Tente novamente em instantes.',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
    staffLink: 'É da equipe do clube? Acesse o backoffice',
    chooseClub: {
      title: 'Escolha o clube',
      description: 'O seu CPF é associado de mais de um clube. Em qual deles você quer entrar?',
      enter: 'Entrar no clube {{name}}',
      back: 'Voltar',
    },
  },
  forgotPassword: {
    title: 'Esqueci minha senha',
    description:
      'A senha do portal não é enviada por e-mail. Quem cria uma nova senha para você é a secretaria do seu clube.',
    stepsTitle: 'Como recuperar o acesso',
    steps: [
      'Procure a secretaria do clube (pessoalmente ou pelos canais de atendimento do clube).',
      'Informe o seu CPF ou o número da sua carteirinha e peça uma nova senha do portal.',
      'Entre com o seu CPF e a senha nova. Depois, se quiser, troque-a em Conta.',
    ],
    backToSignIn: 'Voltar para a entrada',
  },
  loading: 'Carregando…',
} as const;
