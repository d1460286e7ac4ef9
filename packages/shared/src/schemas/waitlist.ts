import { z } from 'zod';
import { dateSchema, idSchema, instantSchema } from './common';

/**
 * Waitlists (docs/domain.md, "Waitlists"):
 *   GET    /api/portal/waitlists                 → portalWaitlistListSchema
 *   POST   /api/portal/waitlists                 portalBookingBodySchema → 201 portalWaitlistEntrySchema
 *   DELETE /api/portal/waitlists/:id             → { ok } (leave the line)
 *   POST   /api/portal/waitlists/:id/accept      → 201 portalBookingSchema
 *   POST   /api/portal/waitlists/:id/refuse      → { ok }
 *   GET    /api/backoffice/waitlists             ?date=AAAA-MM-DD → staffWaitlistListSchema
 *   POST   /api/backoffice/waitlists             staffWaitlistJoinBodySchema → 201 staffWaitlistEntrySchema
 *   POST   /api/backoffice/waitlists/:id/offer   → staffWaitlistEntrySchema
 *   POST   /api/backoffice/waitlists/:id/book    → 201 appointmentSchema (books it for the member)
 */

/** WAITING: in line; OFFERED: the slot is held for this member until `offerExpiresAt`. */
export const waitlistLineStatuses = ['WAITING', 'OFFERED'] as const;

export const waitlistParamsSchema = z.object({ id: idSchema });

/** A member's place in a slot's line, as the portal shows it. */
export const portalWaitlistEntrySchema = z.object({
  id: z.uuid(),
  place: z.object({ id: z.uuid(), name: z.string() }),
  associate: z.object({ id: z.uuid(), name: z.string() }),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  status: z.enum(waitlistLineStatuses),
  /** 1 = first in line. */
  position: z.number().int(),
  offerExpiresAt: z.iso.datetime().nullable(),
});
export type PortalWaitlistEntry = z.infer<typeof portalWaitlistEntrySchema>;

/** The lines of the member's title whose slots have not started, by start. */
export const portalWaitlistListSchema = z.object({ items: z.array(portalWaitlistEntrySchema) });
export type PortalWaitlistList = z.infer<typeof portalWaitlistListSchema>;

/** Staff put a member in line for a taken slot. */
export const staffWaitlistJoinBodySchema = z.object({
  placeId: idSchema,
  associateId: idSchema,
  startsAt: instantSchema,
});
export type StaffWaitlistJoinBody = z.input<typeof staffWaitlistJoinBodySchema>;

export const staffWaitlistQuerySchema = z.object({ date: dateSchema });

/** One member in a slot's line, as the day sheet shows it. */
export const staffWaitlistEntrySchema = portalWaitlistEntrySchema.extend({
  associate: z.object({ id: z.uuid(), name: z.string(), cardId: z.string() }),
  /** When the member joined the line. */
  since: z.iso.datetime(),
});
export type StaffWaitlistEntry = z.infer<typeof staffWaitlistEntrySchema>;

/** Every line of the club's date, by place, start and position. */
export const staffWaitlistListSchema = z.object({ items: z.array(staffWaitlistEntrySchema) });
export type StaffWaitlistList = z.infer<typeof staffWaitlistListSchema>;
