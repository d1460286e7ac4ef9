import { z } from 'zod';
import { dateSchema, idSchema, instantSchema, itemsOf } from './common';

export const blockReasonRequiredMessage = 'A descrição do motivo é obrigatória';
export const blockStartBeforeEndMessage = 'O início do bloqueio deve ser anterior ao fim.';

/** A weekly recurrence expands into at most this many occurrences (two years of weeks). */
export const maxBlockOccurrences = 104;

/**
 * Repeat the block every week, on the same weekday and club wall-clock times, up to and
 * including the club-local date `until`.
 */
export const blockRecurrenceSchema = z.object({
  weekly: z.literal(true),
  until: dateSchema,
});
export type BlockRecurrence = z.infer<typeof blockRecurrenceSchema>;

const blockFields = {
  description: z
    .string({ message: blockReasonRequiredMessage })
    .trim()
    .min(1, blockReasonRequiredMessage)
    .max(500, 'A descrição do motivo deve ter no máximo 500 caracteres'),
  startAt: instantSchema,
  endsAt: instantSchema,
  /** Cancel the SCHEDULED appointments the block overlaps instead of refusing it. */
  cancelConflicting: z.boolean().optional(),
  recurrence: blockRecurrenceSchema.optional(),
};

export const singleBlockBodySchema = z.object({ ...blockFields, placeId: idSchema });
export type SingleBlockBody = z.input<typeof singleBlockBodySchema>;

export const bulkBlockBodySchema = z.object({
  ...blockFields,
  placeIds: z
    .array(idSchema)
    .min(1, 'Selecione ao menos um espaço')
    .max(100, 'Selecione no máximo 100 espaços'),
});
export type BulkBlockBody = z.input<typeof bulkBlockBodySchema>;

export const blockedTimeSchema = z.object({
  id: z.uuid(),
  placeId: z.uuid(),
  place: z.object({ id: z.uuid(), name: z.string() }),
  description: z.string(),
  startAt: z.string(),
  endsAt: z.string(),
  recurrenceId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type BlockedTime = z.infer<typeof blockedTimeSchema>;

export const blockedTimeListSchema = itemsOf(blockedTimeSchema);
export type BlockedTimeList = z.infer<typeof blockedTimeListSchema>;

export const createdBlocksSchema = z.object({
  items: z.array(blockedTimeSchema),
  /** Appointments cancelled because the request said `cancelConflicting: true`. */
  cancelledAppointmentIds: z.array(z.uuid()),
});
export type CreatedBlocks = z.infer<typeof createdBlocksSchema>;

/** `details` of a 409 BlockConflictsWithAppointments. */
export const blockConflictSchema = z.object({
  id: z.uuid(),
  placeId: z.uuid(),
  placeName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  associateName: z.string(),
});
export type BlockConflict = z.infer<typeof blockConflictSchema>;
export const blockConflictDetailsSchema = z.object({ appointments: z.array(blockConflictSchema) });
export type BlockConflictDetails = z.infer<typeof blockConflictDetailsSchema>;

/** Blocks that overlap [startTime, endTime) of one place or of a whole club. */
export const blockedTimeQuerySchema = z
  .object({
    placeId: idSchema.optional(),
    companyId: idSchema.optional(),
    startTime: instantSchema.optional(),
    endTime: instantSchema.optional(),
  })
  .refine((query) => query.placeId !== undefined || query.companyId !== undefined, {
    path: ['companyId'],
    message: 'Informe placeId ou companyId',
  });
export type BlockedTimeQuery = z.infer<typeof blockedTimeQuerySchema>;
