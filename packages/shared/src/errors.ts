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
  /** Names compare without case, accents and surrounding spaces ("Salões" = "saloes"). */
  CategoryNameTaken: { status: 409, message: 'Já existe uma categoria com esse nome neste clube.' },
  PlaceNameTaken: { status: 409, message: 'Já existe um espaço com esse nome neste clube.' },

  // Associates
  AssociateNotFound: { status: 404, message: 'Associado não encontrado.' },
  InvalidOldPassword: { status: 422, message: 'A senha atual está incorreta.' },
  /** One associates import at a time per API process (each holds the database for long). */
  ImportInProgress: {
    status: 409,
    message:
      'Já há uma importação de associados em andamento. Aguarde ela terminar e tente novamente.',
  },

  // Booking rules, in the order they are checked (docs/domain.md, Booking rules)
  AssociateBlocked: { status: 422, message: 'O associado está bloqueado.' },
  TitleBlocked: { status: 422, message: 'O título do associado está bloqueado.' },
  /** The club's no-show policy suspended the title; the message names the day it ends. */
  TitleSuspended: { status: 422, message: 'O título do associado está suspenso.' },
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
    message:
      'O bloqueio coincide com agendamentos marcados: escolha manter, cancelar ou mover cada um.',
  },
  /** The place a block's booking should move to is not an active place of its category and club. */
  BlockMoveTargetInvalid: {
    status: 422,
    message:
      'Espaço de destino inválido: escolha um espaço ativo da mesma categoria, no mesmo clube.',
  },
  /** The place a block's booking should move to is booked, blocked or closed at that time. */
  BlockMoveTargetTaken: {
    status: 409,
    message: 'O espaço de destino não está livre neste horário.',
  },

  // Members' portal
  /** A member who is not the title's holder books only for themself. */
  OnlyHolderBooksForOthers: {
    status: 403,
    message: 'Somente o titular pode fazer reservas para outros membros do título.',
  },
  // Front desk
  AppointmentNotScheduled: {
    status: 409,
    message: 'O agendamento não está mais marcado (já cancelado ou com presença registrada).',
  },
  CheckInNotOpen: {
    status: 422,
    message: 'A entrada só pode ser registrada de 30 minutos antes do início até o fim do horário.',
  },
  NoShowTooEarly: {
    status: 422,
    message: 'Ainda não é possível marcar falta: aguarde a tolerância após o início.',
  },
  AttendanceNotRecorded: {
    status: 409,
    message: 'O agendamento não tem presença nem falta registrada.',
  },
  AttendanceUndoExpired: {
    status: 422,
    message: 'A presença ou falta só pode ser desfeita no mesmo dia em que foi registrada.',
  },
  SuspensionNotFound: { status: 404, message: 'Suspensão não encontrada.' },
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
