import { z } from 'zod';
import { clubDateOf, clubTimeOf } from '../time';
import { waivableBookingRuleLabels } from './booking-failure';
import { dateSchema, idSchema } from './common';

/**
 * Every action the audit trail records, with its Portuguese name: what the trail's screen, its
 * type filter and its CSV export say.
 */
export const auditActionLabels = {
  'appointment.cancel': 'Reserva cancelada',
  'appointment.cancel-exception': 'Reserva cancelada como exceção (fora do prazo)',
  'appointment.check-in': 'Presença registrada',
  'appointment.create': 'Reserva feita',
  'appointment.create-exception': 'Reserva feita como exceção',
  'appointment.guest-check-in': 'Entrada de convidado registrada',
  'appointment.guest-check-in-undo': 'Entrada de convidado desfeita',
  'appointment.guests': 'Lista de convidados alterada',
  'appointment.move': 'Reserva movida (espaço ou horário)',
  'appointment.no-show': 'Falta registrada',
  'appointment.undo-attendance': 'Presença ou falta desfeita',
  'associate-title.block': 'Título bloqueado',
  'associate-title.lift-suspension': 'Suspensão do título encerrada',
  'associate-title.suspend': 'Título suspenso por faltas',
  'associate-title.unblock': 'Título desbloqueado',
  'associate.access-link': 'Link de acesso ao portal pedido',
  'associate.block': 'Associado bloqueado',
  'associate.change-own-password': 'Associado trocou a senha',
  'associate.create': 'Associado cadastrado',
  'associate.import': 'Importação de associados',
  'associate.invite': 'Convite para o portal enviado',
  'associate.invite-all': 'Convite para o portal enviado a todos sem senha',
  'associate.set-password-by-link': 'Associado definiu a senha pelo link',
  'associate.sign-in': 'Entrada do associado no portal',
  'associate.unblock': 'Associado desbloqueado',
  'associate.update': 'Dados do associado alterados',
  'associate.update-password': 'Senha do portal definida',
  'blocked-time.create': 'Bloqueio criado',
  'blocked-time.delete': 'Bloqueio removido',
  'category.archive': 'Categoria arquivada',
  'category.create': 'Categoria criada',
  'category.update': 'Categoria alterada',
  'company.create': 'Clube criado',
  'company.logo.delete': 'Logotipo removido',
  'company.logo.update': 'Logotipo alterado',
  'company.seed-demo': 'Clube de demonstração criado',
  'company.update': 'Configurações do clube alteradas',
  'operating-hour.create': 'Horário de funcionamento criado',
  'operating-hour.update': 'Horário de funcionamento alterado',
  'place.archive': 'Espaço arquivado',
  'place.create': 'Espaço criado',
  'place.update': 'Espaço alterado',
  'place.week': 'Semana do espaço alterada',
  'place_image.create': 'Foto do espaço adicionada',
  'place_image.delete': 'Foto do espaço removida',
  'series.cancel': 'Série de reservas cancelada (inteira ou a partir de uma data)',
  'series.create': 'Série de reservas criada',
  'special-day.create': 'Dia especial criado',
  'special-day.delete': 'Dia especial removido',
  'special-day.update': 'Dia especial alterado',
  'staff.accept': 'Funcionário aceitou o convite do clube',
  'staff.add': 'Funcionário convidado para o clube',
  'staff.change-role': 'Papel do funcionário alterado',
  'staff.create': 'Funcionário cadastrado',
  'staff.remove': 'Funcionário removido do clube',
  'staff.reset-password': 'Senha do funcionário redefinida',
  'staff.sign-in': 'Entrada do funcionário',
  'user.access-link': 'Link de redefinição de senha pedido',
  'user.change-password': 'Funcionário trocou a senha',
  'user.set-password-by-link': 'Funcionário definiu a senha pelo link',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

/** The Portuguese name of an action; an action this version does not know shows as recorded. */
export function auditActionLabel(action: string): string {
  return (auditActionLabels as Record<string, string>)[action] ?? action;
}

/** Portuguese names of the fields a change's before/after shows. */
const auditFieldLabels: Record<string, string> = {
  status: 'Situação',
  place: 'Espaço',
  blocked: 'Bloqueado',
  cancellationReason: 'Motivo do cancelamento',
  name: 'Nome',
  timezone: 'Fuso horário',
  openTime: 'Abertura',
  closeTime: 'Fechamento',
  description: 'Descrição',
  categoryId: 'Categoria',
  startsAt: 'Início',
  endsAt: 'Fim',
  bookRange: 'Duração do horário (min)',
  associateReservationLimit: 'Reservas por título no mês',
  availableBookingDays: 'Dias de antecedência',
  ageRestriction: 'Idade mínima',
  maxCancelBookingTime: 'Prazo de cancelamento (h)',
  anonymousBooking: 'Reserva anônima',
  guestsAllowed: 'Aceita convidados',
  guestLimit: 'Máximo de convidados',
  guestCpfRequired: 'CPF do convidado obrigatório',
  guestListClosesHours: 'Lista de convidados fecha (h antes)',
  guests: 'Convidados',
  parts: 'Formado por',
  added: 'Adicionados',
  removed: 'Removidos',
  blockedAppointmentDay: 'Sem reserva no mesmo dia',
  notAppointmentPreviousDayTime: 'Sem reserva na véspera',
  noShowToleranceMinutes: 'Tolerância de atraso (min)',
  noShowSuspensionCount: 'Faltas para suspensão',
  noShowWindowDays: 'Janela de faltas (dias)',
  noShowSuspensionDays: 'Dias de suspensão',
  reminderHours: 'Lembrete antes da reserva (h)',
  logoUrl: 'Logotipo',
  reason: 'Motivo',
  waived: 'Regras dispensadas',
  total: 'Linhas',
  created: 'Criados',
  updated: 'Alterados',
  rejected: 'Rejeitados',
  unchanged: 'Sem alteração',
  titlesCreated: 'Títulos criados',
};

export function auditFieldLabel(field: string): string {
  return auditFieldLabels[field] ?? field;
}

/** Details kept for the record but not shown: storage keys, sizes and ids nobody reads. */
const isHiddenDetail = (field: string) =>
  /Ids?$/.test(field) || ['fileKey', 'thumbnailKey', 'bytes'].includes(field);

/** The details of an entry a person reads, in the order recorded. */
export function auditDetailEntries(details: Record<string, unknown> | null): [string, unknown][] {
  return Object.entries(details ?? {}).filter(([field]) => !isHiddenDetail(field));
}

const reasonTexts: Record<string, string> = { 'blocked-time': 'Bloqueio de horário' };

/** The rules an exception waived, by code: a booking's, or the cancel deadline. */
const waivedRuleTexts: Record<string, string> = {
  ...waivableBookingRuleLabels,
  MaxCancelBookingTimeMissed: 'prazo de cancelamento',
};

const statusTexts: Record<string, string> = {
  SCHEDULED: 'Agendada',
  CANCELLED: 'Cancelada',
  CHECKED_IN: 'Presente',
  NO_SHOW: 'Falta',
};

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A before/after value as a person reads it; an instant on the club's clock (DD/MM/AAAA HH:mm)
 * when `timezone` is given.
 */
export function auditValueText(field: string, value: unknown, timezone?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (timezone && typeof value === 'string' && isoInstant.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) {
      const [year, month, day] = clubDateOf(instant, timezone).split('-');
      return `${day}/${month}/${year} ${clubTimeOf(instant, timezone)}`;
    }
  }
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (field === 'status' && typeof value === 'string') return statusTexts[value] ?? value;
  if (field === 'reason' && typeof value === 'string') return reasonTexts[value] ?? value;
  if (field === 'waived' && Array.isArray(value))
    return value.map((code) => waivedRuleTexts[String(code)] ?? String(code)).join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * An opaque page position: the last entry's time (microseconds since 1970) and id, each short
 * enough for PostgreSQL's bigint.
 */
const cursorPattern = /^(\d{1,17})\.(\d{1,18})$/;

const trimmedOptional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .optional()
    .transform((value) => value || undefined);

/** The filters of the trail (GET /audit and its CSV export). Dates are the club's calendar. */
const auditFilterFields = {
  companyId: idSchema,
  /** Part of the name of who acted (staff or member). */
  person: trimmedOptional(100),
  action: z.enum(auditActions, { message: 'Tipo de ação desconhecido' }).optional(),
  placeId: idSchema.optional(),
  associateId: idSchema.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
};

const periodInOrder = {
  check: (query: { from?: string; to?: string }) =>
    !query.from || !query.to || query.from <= query.to,
  message: { message: 'A data final deve ser igual ou posterior à inicial', path: ['to'] },
};

export const auditFilterQuerySchema = z
  .object(auditFilterFields)
  .refine(periodInOrder.check, periodInOrder.message);
export type AuditFilterQuery = z.input<typeof auditFilterQuerySchema>;

export const auditListQuerySchema = z
  .object({
    ...auditFilterFields,
    /** The `nextCursor` of the previous page. */
    cursor: z
      .string()
      .regex(cursorPattern, 'Posição inválida')
      .optional()
      .transform((value) => {
        const match = value ? cursorPattern.exec(value) : null;
        return match ? { micros: match[1]!, id: match[2]! } : undefined;
      }),
    take: z.coerce
      .number({ message: 'Número inválido' })
      .int('Número inválido')
      .min(1, 'Mínimo 1')
      .max(100, 'Máximo 100')
      .default(50),
  })
  .refine(periodInOrder.check, periodInOrder.message);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

const namedSchema = z.object({ id: z.uuid(), name: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  /** When, as an instant (the screen shows it in club time). */
  createdAt: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** Who: a staff account, a member through the portal, or the system (CLI, start-up). */
  actor: z.object({
    kind: z.enum(['staff', 'member', 'system']),
    id: z.uuid().nullable(),
    name: z.string().nullable(),
  }),
  place: namedSchema.nullable(),
  associate: namedSchema.nullable(),
  /** The changed fields' old and new values. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** What else the event recorded (a reason, the booked time, an import's counts). */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * The associate the trail is filtered by (`associateId`), named even when no entry is listed;
   * null without that filter or for an id that is no associate of the club.
   */
  associate: namedSchema.nullable(),
});
export type AuditList = z.infer<typeof auditListSchema>;
