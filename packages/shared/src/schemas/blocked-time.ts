import { z } from 'zod';
import { occupyingStatuses } from '../constants';
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

/**
 * What a block does to a booking it would hit: `keep` it (the block leaves the booking's time
 * out), `cancel` it (the block's reason becomes the cancellation reason) or `move` it to `placeId`,
 * a free place of the same category at the same time.
 */
export const blockResolutionActions = ['keep', 'cancel', 'move'] as const;
export type BlockResolutionAction = (typeof blockResolutionActions)[number];

export const blockMoveTargetRequiredMessage = 'Escolha o espaço para onde mover o agendamento.';

export const blockResolutionSchema = z
  .object({
    appointmentId: idSchema,
    action: z.enum(blockResolutionActions, {
      message: 'Escolha manter, cancelar ou mover o agendamento.',
    }),
    placeId: idSchema.optional(),
  })
  .superRefine((resolution, context) => {
    if (resolution.action === 'move' && !resolution.placeId)
      context.addIssue({
        code: 'custom',
        path: ['placeId'],
        message: blockMoveTargetRequiredMessage,
      });
    if (resolution.action !== 'move' && resolution.placeId)
      context.addIssue({
        code: 'custom',
        path: ['placeId'],
        message: 'Só um agendamento movido tem espaço de destino.',
      });
  });
export type BlockResolution = z.infer<typeof blockResolutionSchema>;

export const blockResolutionsSchema = z
  .array(blockResolutionSchema)
  .max(1000, 'No máximo 1000 agendamentos por bloqueio.')
  .refine(
    (resolutions) =>
      new Set(resolutions.map((resolution) => resolution.appointmentId)).size ===
      resolutions.length,
    'Cada agendamento deve aparecer uma única vez.',
  )
  .optional();

const blockFields = {
  description: z
    .string({ message: blockReasonRequiredMessage })
    .trim()
    .min(1, blockReasonRequiredMessage)
    .max(500, 'A descrição do motivo deve ter no máximo 500 caracteres'),
  startAt: instantSchema,
  endsAt: instantSchema,
  recurrence: blockRecurrenceSchema.optional(),
  /** What to do with each booking the block would hit (see the preview); all must be named. */
  resolutions: blockResolutionsSchema,
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

const placeRefSchema = z.object({ id: z.uuid(), name: z.string() });

/**
 * A booking a block would hit: who (name and card), where, when, what may be done with it
 * (attended or missed bookings may only be kept) and the free places of its category at its time.
 */
export const blockConflictSchema = z.object({
  id: z.uuid(),
  placeId: z.uuid(),
  placeName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(occupyingStatuses),
  associateName: z.string(),
  associate: z.object({ id: z.uuid(), name: z.string(), cardId: z.string() }),
  actions: z.array(z.enum(blockResolutionActions)),
  freePlaces: z.array(placeRefSchema),
});
export type BlockConflict = z.infer<typeof blockConflictSchema>;

/** The answer of the preview, and `details` of a 409 BlockConflictsWithAppointments. */
export const blockConflictDetailsSchema = z.object({ appointments: z.array(blockConflictSchema) });
export type BlockConflictDetails = z.infer<typeof blockConflictDetailsSchema>;

/** POST /blocked-time/preview: the bookings a block would hit, before creating it. */
export const blockPreviewBodySchema = z.object({
  startAt: instantSchema,
  endsAt: instantSchema,
  placeIds: z
    .array(idSchema)
    .min(1, 'Selecione ao menos um espaço')
    .max(100, 'Selecione no máximo 100 espaços'),
  recurrence: blockRecurrenceSchema.optional(),
});
export type BlockPreviewBody = z.input<typeof blockPreviewBodySchema>;

/** One booking the created block kept, cancelled or moved. */
export const blockOutcomeSchema = z.object({
  appointmentId: z.uuid(),
  associate: z.object({ id: z.uuid(), name: z.string(), cardId: z.string() }),
  place: placeRefSchema,
  startsAt: z.string(),
  endsAt: z.string(),
});
export type BlockOutcome = z.infer<typeof blockOutcomeSchema>;

export const createdBlocksSchema = z.object({
  /** The blocks created; a kept booking splits a block around its time. */
  items: z.array(blockedTimeSchema),
  kept: z.array(blockOutcomeSchema),
  cancelled: z.array(blockOutcomeSchema),
  /** `place` is where the booking was; `to` where it is now. */
  moved: z.array(blockOutcomeSchema.extend({ to: placeRefSchema })),
});
export type CreatedBlocks = z.infer<typeof createdBlocksSchema>;

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
