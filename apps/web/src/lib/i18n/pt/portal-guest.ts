/**
 * The members' portal (src/portal), signed-out screens: the portal's name, sign-in (with the club
 * picker), forgot password and the loading label. Its own i18n instance loads this section with
 * `common` and `errors` in the entry; the signed-in sections are in portal-member.ts, under the
 * same `portal` key. The back office never loads either. Words for members, not staff: "reserva",
 * not "agendamento".
 */
export const portalGuest = {
  appName: 'Clube Reservas — Associados',
  offline: {
    title: 'Sem conexão.',
    body: 'O aparelho está sem internet: o que depende dela volta assim que a conexão voltar.',
  },
  shortName: 'Associados',
  signIn: {
    title: 'Portal do associado',
    subtitle: 'Entre com o seu CPF e a senha do portal para reservar os espaços do seu clube.',
    cpfLabel: 'CPF',
    cpfPlaceholder: '000.000.000-00',
    passwordLabel: 'Senha',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    forgotPassword: 'Primeiro acesso ou esqueci minha senha',
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
    title: 'Primeiro acesso ou nova senha',
    description:
      'Informe o seu CPF. Se o clube tiver um e-mail cadastrado para você, enviaremos para ele um link para criar a sua senha do portal.',
    submit: 'Enviar link',
    sent: 'Se houver um e-mail cadastrado para este CPF, enviamos para ele um link para criar a sua senha. O link vale por 30 minutos e só pode ser usado uma vez.',
    notReceived:
      'Não recebeu em alguns minutos? Confira a caixa de spam. Se o clube não tiver o seu e-mail, procure a secretaria para cadastrá-lo.',
    technicalProblems: 'Não foi possível enviar agora. Tente novamente em instantes.',
    noMail: 'Este servidor não envia e-mails: nenhum link chegaria até você.',
    noMailAskClub:
      'Peça ao clube (secretaria ou recepção) para criar a sua senha do portal ou lhe entregar um link de acesso.',
    backToSignIn: 'Voltar para a entrada',
  },
  choosePassword: {
    title: 'Crie sua senha',
    description:
      'Escolha a senha do portal (pelo menos {{min}} caracteres). Depois, você já entra.',
    newPassword: 'Nova senha',
    confirmPassword: 'Repita a nova senha',
    submit: 'Salvar senha e entrar',
    tooShort: 'A senha deve ter pelo menos {{min}} caracteres.',
    mismatch: 'As senhas não conferem.',
    invalidLink: 'Este link não é válido. Peça um novo link.',
    checking: 'Conferindo o link…',
    askAgain: 'Pedir um novo link',
  },
  loading: 'Carregando…',
} as const;
