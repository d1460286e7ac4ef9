import { z } from 'zod';
import { idSchema } from './common';

/**
 * Invitations to the members' portal: a first-access link by e-mail, to one member or to every
 * member of the club who has an e-mail and no portal password yet.
 *
 *   POST  /api/backoffice/associate/{id}/invitation                  → invitationSentSchema (202)
 *   GET   /api/backoffice/associate/invitation/company/{companyId}   → invitationSummarySchema
 *   POST  /api/backoffice/associate/invitation/company/{companyId}   → invitationSummarySchema (202)
 */

export const invitationCompanyParamsSchema = z.object({ companyId: idSchema });

export const invitationSentSchema = z.object({ ok: z.literal(true) });

/** What became of the messages of one bulk invitation. */
export const invitationBatchSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  total: z.number().int(),
  /** Accepted by the mail server, or kept in Mensagens when none is configured. */
  done: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type InvitationBatch = z.infer<typeof invitationBatchSchema>;

export const invitationSummarySchema = z.object({
  /**
   * Members an invitation would go to now: an e-mail, no portal password, not invited today.
   * Null while the latest bulk invitation is being sent: counting reads every member of the club,
   * too much to repeat on every look at the progress (and no new one starts meanwhile).
   */
  eligible: z.number().int().nullable(),
  /** The club's latest bulk invitation, if any. */
  latestBatch: invitationBatchSchema.nullable(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;
