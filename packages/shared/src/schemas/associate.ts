import { z } from 'zod';
import { appointmentStatuses, limits } from '../constants';
import { isValidCardId, normalizeCardId } from '../card-id';
import { seriesMarkSchema } from './appointment';
import { idSchema } from './common';

const booleanQuery = z
  .enum(['true', 'false'], { message: 'Use true ou false' })
  .transform((value) => value === 'true');

/** GET /associate/findAllPaginated */
/** A row's place in the list's order (name without case and accents, name, id). */
export type AssociateListKey = { searchName: string; name: string; id: string };

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (value: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (character) =>
      character.charCodeAt(0),
    ),
  );

/** The opaque cursor of keyset paging: a row's key, base64url-encoded JSON. */
export const encodeAssociateCursor = (key: AssociateListKey) =>
  toBase64Url(JSON.stringify([key.searchName, key.name, key.id]));

const cursorTupleSchema = z.tuple([z.string(), z.string(), z.uuid()]);

export const associateCursorSchema = z
  .string()
  .max(1000, 'Cursor inválido')
  .transform((value, context): AssociateListKey => {
    try {
      const [searchName, name, id] = cursorTupleSchema.parse(JSON.parse(fromBase64Url(value)));
      return { searchName, name, id };
    } catch {
      context.addIssue({ code: 'custom', message: 'Cursor inválido' });
      return z.NEVER;
    }
  });

export const associateListQuerySchema = z.object({
  take: z.coerce
    .number({ message: 'Número inválido' })
    .int('Número inválido')
    .min(1, 'Mínimo 1')
    .max(100, 'Máximo 100')
    .default(limits.associatePageSizeDefault),
  skip: z.coerce
    .number({ message: 'Número inválido' })
    .int('Número inválido')
    .min(0, 'Mínimo 0')
    .default(0),
  companyId: idSchema,
  associateTitleId: idSchema.optional(),
  isHolder: booleanQuery.optional(),
  /** Only members who have (true) or have not yet (false) a portal password. */
  portalAccess: booleanQuery.optional(),
  /** Part of the name (any case, with or without accents), of the cpf (masked or not) or card. */
  search: z.string().trim().max(100, 'Máximo 100 caracteres').optional(),
  /** The page after this row (a previous answer's `nextCursor`); `skip` is then ignored. */
  after: associateCursorSchema.optional(),
  /** The page before this row (a previous answer's `previousCursor`). */
  before: associateCursorSchema.optional(),
});
export type AssociateListQuery = z.input<typeof associateListQuerySchema>;

const titleSummarySchema = z.object({ id: z.uuid(), name: z.string(), blocked: z.boolean() });

export const associateListItemSchema = z.object({
  id: z.uuid(),
  user: z.object({ name: z.string(), cpf: z.string() }),
  birthDate: z.string(),
  cardId: z.string(),
  associateTitle: titleSummarySchema,
  isHolder: z.boolean(),
  blocked: z.boolean(),
  /** Whether the member has a portal password (activated the portal or was given one). */
  portalAccess: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssociateListItem = z.infer<typeof associateListItemSchema>;

export const associateListSchema = z.object({
  items: z.array(associateListItemSchema),
  /** Every match, counted exactly. */
  total: z.number().int(),
  /** Where the next page starts (`after`), or null on the last page. */
  nextCursor: z.string().nullable(),
  /** Where the previous page ends (`before`), or null on the first page. */
  previousCursor: z.string().nullable(),
});
export type AssociateList = z.infer<typeof associateListSchema>;

export const associateTitleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  blocked: z.boolean(),
  blockedReason: z.string().nullable(),
});
export type AssociateTitle = z.infer<typeof associateTitleSchema>;

export const associateTitleListSchema = z.object({ items: z.array(associateTitleSchema) });
export type AssociateTitleList = z.infer<typeof associateTitleListSchema>;

/** GET /associate/id/{id} and GET /associate/cardId/{cardId}/companyId/{companyId} */
export const associateSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  cardId: z.string(),
  /** The club's own record of the member (named `user` on the wire since the first version). */
  user: z.object({
    name: z.string(),
    cpf: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  associateTitleId: z.uuid(),
  associateTitle: associateTitleSchema,
  isHolder: z.boolean(),
  birthDate: z.string(),
  /** Whole years on the club-local today. */
  age: z.number().int(),
  blocked: z.boolean(),
  blockedReason: z.string().nullable(),
  /** Whether the member has a portal password (set by staff or through a link). */
  portalAccess: z.boolean(),
  /** The other members of the same title, holder first, then by name. */
  titleMembers: z.array(
    z.object({ id: z.uuid(), name: z.string(), cardId: z.string(), isHolder: z.boolean() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Associate = z.infer<typeof associateSchema>;

export const associateCardParamsSchema = z.object({
  cardId: z.string().refine(isValidCardId, 'Carteirinha inválida').transform(normalizeCardId),
  companyId: idSchema,
});

export const associateTitleCompanyParamsSchema = z.object({ companyId: idSchema });

/** PATCH /associate/update-password */
export const updateAssociatePasswordSchema = z.object({
  newPassword: z
    .string({ message: 'Campo obrigatório!' })
    .min(1, { message: 'Campo obrigatório!', abort: true })
    .min(
      limits.passwordMinLength,
      `A senha deve ter pelo menos ${limits.passwordMinLength} caracteres`,
    )
    .max(200, 'Máximo 200 caracteres'),
  associateId: idSchema,
});
export type UpdateAssociatePassword = z.infer<typeof updateAssociatePasswordSchema>;

/** PATCH /associate/{id}/block and /associate-title/{id}/block: a reason is required to block. */
export const blockSchema = z
  .object({
    blocked: z.boolean({ message: 'Informe se bloqueia ou desbloqueia' }),
    reason: z.string().trim().max(500, 'Máximo 500 caracteres').optional(),
  })
  .refine((value) => !value.blocked || Boolean(value.reason), {
    path: ['reason'],
    message: 'Informe o motivo do bloqueio',
  });
export type BlockInput = z.input<typeof blockSchema>;

/** A title suspension in force (the club's no-show policy); staff may lift it early. */
export const titleSuspensionSchema = z.object({
  id: z.uuid(),
  associateTitleId: z.uuid(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  reason: z.string(),
  cause: z.enum(['no-shows']),
});
export type TitleSuspension = z.infer<typeof titleSuspensionSchema>;

/** PATCH /associate-title/{id}/lift-suspension: how many suspensions ended early. */
export const liftSuspensionResultSchema = z.object({ lifted: z.number().int() });

const appointmentOfAssociateSchema = z.object({
  id: z.uuid(),
  placeId: z.uuid(),
  placeName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(appointmentStatuses),
  /** Booked by staff as an exception to a rule the club may waive: their reason; else null. */
  exceptionReason: z.string().nullable(),
  /** The series it belongs to; null (or absent) for a single booking. */
  series: seriesMarkSchema.nullish(),
});
export type AppointmentOfAssociate = z.infer<typeof appointmentOfAssociateSchema>;

/** GET /associate/id/{id}/appointments-summary */
export const associateAppointmentsSummarySchema = z.object({
  upcoming: z.array(appointmentOfAssociateSchema),
  recent: z.array(appointmentOfAssociateSchema),
  /** Club-local month "YYYY-MM" the quota use below counts. */
  month: z.string(),
  /**
   * The associate's attendance over every booking: `lateCancellations` are those a member of the
   * title cancelled less than 24 hours before the start (a fixed rule for every place); the
   * club's cancellations never count.
   */
  attendance: z.object({
    bookings: z.number().int(),
    checkIns: z.number().int(),
    noShows: z.number().int(),
    lateCancellations: z.number().int(),
  }),
  /** The title's suspension in force, if any. */
  suspension: titleSuspensionSchema.nullable(),
  /**
   * Bookings (scheduled, attended or missed) of the associate's title per place this month;
   * limit 0 = no limit.
   */
  quota: z.array(
    z.object({
      placeId: z.uuid(),
      placeName: z.string(),
      used: z.number().int(),
      limit: z.number().int(),
    }),
  ),
});
export type AssociateAppointmentsSummary = z.infer<typeof associateAppointmentsSummarySchema>;

/** POST /associate/import options (query string or multipart fields before the file). */
export const associateImportOptionsSchema = z.object({
  companyId: idSchema,
  dryRun: booleanQuery.default(false),
  skipInvalid: booleanQuery.default(false),
});

export const associateImportChangedFieldSchema = z.enum([
  'name',
  'email',
  'title',
  'isHolder',
  'birthDate',
  'blocked',
]);
export type AssociateImportChangedField = z.infer<typeof associateImportChangedFieldSchema>;

const associateImportChangeSchema = z.object({
  line: z.number().int(),
  cardId: z.string(),
  name: z.string(),
  fields: z.array(associateImportChangedFieldSchema),
});
export type AssociateImportChange = z.infer<typeof associateImportChangeSchema>;

export const associateImportReportSchema = z.object({
  /** Whether the rows were written (false for a dry run or a refused all-or-nothing import). */
  applied: z.boolean(),
  dryRun: z.boolean(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  titlesCreated: z.number().int(),
  /** The first rejected rows (line 1 is the header), at most `errorsLimit`. */
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  errorsTruncated: z.boolean(),
  /** Per updated member, the fields the import changes (or changed), at most `errorsLimit`. */
  changes: z.array(associateImportChangeSchema),
  changesTruncated: z.boolean(),
});
export type AssociateImportReport = z.infer<typeof associateImportReportSchema>;
