import type { ErrorKey } from '@clube/shared';

/**
 * The one table from API error code to the Portuguese sentence shown to staff (docs/domain.md,
 * Texts). Typed by the shared error list, so a code added there fails the type check until it is
 * translated here.
 */
export const errors = {
  ValidationError: 'Dados inválidos. Confira os campos e tente novamente.',
  Unauthorized: 'Sua sessão expirou. Entre novamente.',
  InvalidCredentials: 'Credenciais inválidas! Tente novamente.',
  RefreshTokenExpired: 'Sua sessão expirou. Entre novamente.',
  NotFound: 'Registro não encontrado.',
  Conflict: 'O registro conflita com outro já existente.',
  PayloadTooLarge: 'Arquivo maior que o limite permitido (5 MB).',
  UnsupportedMediaType: 'Tipo de arquivo não suportado. Envie uma imagem PNG, JPG, GIF ou WebP.',
  TooManyRequests: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  InternalServerError: 'Estamos com problemas técnicos. Nosso time já está resolvendo.',
  ServiceUnavailable: 'Serviço indisponível no momento. Tente novamente em instantes.',
  PlaceNotFound: 'Espaço não encontrado.',
  CategoryNotFound: 'Categoria não encontrada.',
  PlaceHasFutureAppointments: 'O espaço tem agendamentos futuros. Cancele-os antes de excluir.',
  CategoryInUse: 'A categoria é usada por espaços ativos. Mude a categoria deles antes de excluir.',
  CategoryNameTaken: 'Já existe uma categoria com esse nome neste clube.',
  PlaceNameTaken: 'Já existe um espaço com esse nome neste clube.',
  AssociateNotFound: 'Associado não encontrado.',
  InvalidOldPassword: 'A senha atual está incorreta.',
  AssociateBlocked: 'O associado está bloqueado.',
  TitleBlocked: 'O título do associado está bloqueado.',
  TitleSuspended: 'O título do associado está suspenso por faltas.',
  InvalidAppointmentDuration: 'A duração do agendamento não corresponde à do espaço.',
  TimeNotAvailable: 'Horário não disponível.',
  AvailableBookingDaysMissed: 'A data está fora do período permitido para agendamento.',
  AgeRestriction: 'O associado não tem a idade mínima para este espaço.',
  WaitingPeriodRequired: 'É necessário aguardar um período antes de um novo agendamento.',
  ReservationsLimitReached: 'O limite de reservas deste título no mês foi atingido.',
  TimeAlreadyTaken: 'Este horário já está reservado.',
  AppointmentNotFound: 'Agendamento não encontrado.',
  MaxCancelBookingTimeMissed: 'O prazo para cancelar este agendamento já passou.',
  BlockConflictsWithAppointments:
    'O bloqueio coincide com agendamentos marcados: escolha manter, cancelar ou mover cada um.',
  BlockMoveTargetInvalid:
    'Espaço de destino inválido: escolha um espaço ativo da mesma categoria, no mesmo clube.',
  BlockMoveTargetTaken: 'O espaço de destino não está livre neste horário.',
  OnlyHolderBooksForOthers: 'Somente o titular pode fazer reservas para outros membros do título.',
  ImportInProgress:
    'Já há uma importação de associados em andamento. Aguarde ela terminar e tente novamente.',
  AppointmentNotScheduled:
    'O agendamento não está mais marcado (cancelado ou com presença registrada).',
  CheckInNotOpen:
    'A entrada só pode ser registrada de 30 minutos antes do início até o fim do horário.',
  NoShowTooEarly: 'Ainda não é possível marcar falta: aguarde a tolerância após o início.',
  AttendanceNotRecorded: 'O agendamento não tem presença nem falta registrada.',
  AttendanceUndoExpired:
    'A presença ou falta só pode ser desfeita no mesmo dia em que foi registrada.',
  SuspensionNotFound: 'Suspensão não encontrada.',
} as const satisfies Record<ErrorKey, string>;
