/**
 * Every error the API can answer with. The key is the stable `error` code on the wire (except
 * where `code` overrides it for the two texts the web client matches literally); `status` is its
 * HTTP status and `message` the default human sentence.
 */
export const errorDefinitions = {
  ValidationError: { status: 400, message: 'Dados inválidos.' },
  Unauthorized: { status: 401, message: 'Autenticação necessária.' },
  /** Unknown cpf and wrong password answer alike, so nobody can probe which cpfs exist. */
  InvalidCredentials: {
    status: 401,
    code: 'Invalid user or password',
    message: 'CPF ou senha inválidos.',
  },
  /** Expired, unknown, revoked or reused refresh token. */
  RefreshTokenExpired: {
    status: 401,
    code: 'Refresh token expirado',
    message: 'Sessão expirada. Entre novamente.',
  },
  NotFound: { status: 404, message: 'Recurso não encontrado.' },
  Conflict: { status: 409, message: 'O registro conflita com outro já existente.' },
  PayloadTooLarge: { status: 413, message: 'Arquivo maior que o limite permitido.' },
  UnsupportedMediaType: { status: 415, message: 'Tipo de arquivo não suportado.' },
  TooManyRequests: {
    status: 429,
    message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  },
  InternalServerError: { status: 500, message: 'Erro interno. Tente novamente mais tarde.' },
  ServiceUnavailable: { status: 503, message: 'Serviço indisponível.' },

  // Places and categories
  PlaceNotFound: { status: 404, message: 'Espaço não encontrado.' },
  CategoryNotFound: { status: 404, message: 'Categoria não encontrada.' },
  PlaceHasFutureAppointments: {
    status: 409,
    message: 'O espaço tem agendamentos futuros. Cancele-os antes de excluir.',
  },
  CategoryInUse: {
    status: 409,
    message: 'A categoria é usada por espaços ativos. Mude a categoria deles antes de excluir.',
  },

  // Associates
  AssociateNotFound: { status: 404, message: 'Associado não encontrado.' },
  InvalidOldPassword: { status: 422, message: 'A senha atual está incorreta.' },

  // Booking rules, in the order they are checked (DESIGN.md §5)
  AssociateBlocked: { status: 422, message: 'O associado está bloqueado.' },
  TitleBlocked: { status: 422, message: 'O título do associado está bloqueado.' },
  InvalidAppointmentDuration: {
    status: 422,
    message: 'A duração do agendamento não corresponde à do espaço.',
  },
  TimeNotAvailable: { status: 422, message: 'Horário não disponível.' },
  AvailableBookingDaysMissed: {
    status: 422,
    message: 'A data está fora do período permitido para agendamento.',
  },
  AgeRestriction: { status: 422, message: 'O associado não tem a idade mínima para este espaço.' },
  WaitingPeriodRequired: {
    status: 422,
    message: 'É necessário aguardar um período antes de um novo agendamento.',
  },
  ReservationsLimitReached: {
    status: 422,
    message: 'O limite de reservas deste título no mês foi atingido.',
  },
  TimeAlreadyTaken: { status: 409, message: 'Este horário já está reservado.' },
  AppointmentNotFound: { status: 404, message: 'Agendamento não encontrado.' },
  MaxCancelBookingTimeMissed: {
    status: 422,
    message: 'O prazo para cancelar este agendamento já passou.',
  },
  BlockConflictsWithAppointments: {
    status: 409,
    message: 'O bloqueio coincide com agendamentos marcados.',
  },

  // Members' portal
  /** A member who is not the title's holder books only for themself. */
  OnlyHolderBooksForOthers: {
    status: 403,
    message: 'Somente o titular pode fazer reservas para outros membros do título.',
  },
} as const satisfies Record<string, { status: number; message: string; code?: string }>;

export type ErrorKey = keyof typeof errorDefinitions;

/**
 * The booking rules as the members' portal words them (the member reads them, not staff). The
 * portal answers these instead of the back-office texts; a blocked membership or title gets its
 * reason appended.
 */
export const portalRuleMessages = {
  AssociateBlocked: 'O cadastro de quem vai usar a reserva está bloqueado para reservas.',
  TitleBlocked: 'O seu título está bloqueado para reservas.',
  InvalidAppointmentDuration: 'O horário escolhido não corresponde aos horários deste espaço.',
  TimeNotAvailable:
    'Este horário não está disponível: já passou, está fora do funcionamento do espaço ou foi bloqueado pelo clube.',
  AvailableBookingDaysMissed: 'Esta data ainda não está aberta para reservas neste espaço.',
  AgeRestriction: 'Quem vai usar a reserva não tem a idade mínima exigida por este espaço.',
  WaitingPeriodRequired:
    'O seu título já tem uma reserva nesta categoria que impede esta (no mesmo dia ou no mesmo horário do dia anterior).',
  ReservationsLimitReached: 'O seu título já usou todas as reservas deste mês neste espaço.',
  TimeAlreadyTaken: 'Este horário já foi reservado.',
} as const satisfies Partial<Record<ErrorKey, string>>;

/** AssociateBlocked when the blocked membership is the signed-in member's own. */
export const portalOwnBlockMessage = 'O seu cadastro está bloqueado para reservas.';

/** The `error` string a client sees for a key. */
export function errorCodeOf(key: ErrorKey): string {
  const definition = errorDefinitions[key];
  return 'code' in definition ? definition.code : key;
}

/** The body of every error response. */
export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  details?: Array<{ path: string; message: string }> | Record<string, unknown>;
};
