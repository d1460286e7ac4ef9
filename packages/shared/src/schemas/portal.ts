import { z } from 'zod';
import { bookingFailureSchema, bookingRefusalSchema } from './booking-failure';
import { appointmentStatuses } from '../constants';
import { changeOwnPasswordBodySchema, loginBodySchema, refreshBodySchema } from './auth';
import { dateSchema, idSchema, instantSchema } from './common';

/*
 * The members' portal API (`/api/portal`), a realm of its own: a member signs in with the CPF
 * and the portal password of a club membership (an `associates` row), never with a staff login.
 * Portal tokens open only /api/portal routes; staff tokens only /api/backoffice routes.
 *
 * Routes:
 *   POST  /api/portal/auth/login             portalLoginBodySchema → portalLoginResponseSchema
 *   POST  /api/portal/auth/refresh           refreshBodySchema → portalSessionSchema
 *   POST  /api/portal/auth/logout            refreshBodySchema → okSchema
 *   PATCH /api/portal/me/password            portalChangePasswordBodySchema → portalSessionSchema
 *   GET   /api/portal/me                     → portalMeSchema
 *   GET   /api/portal/places                 → portalPlaceListSchema
 *   GET   /api/portal/places/:placeId/slots  ?date=AAAA-MM-DD → portalSlotListSchema
 *   POST  /api/portal/bookings/check         portalBookingBodySchema → portalBookingCheckSchema
 *   POST  /api/portal/bookings               portalBookingBodySchema → 201 portalBookingSchema
 *   GET   /api/portal/bookings               ?scope=upcoming|past|cancelled → portalBookingListSchema
 *   PATCH /api/portal/bookings/:id/cancel    → portalBookingSchema
 */

// ---------------------------------------------------------------------------------------------
// Sessions

/**
 * One CPF may be a member of several clubs, each membership with its own password. Without
 * `companyId` the login signs in when exactly one membership's password matches; when several
 * match it answers `needsClub: true` with those clubs and no token, and the client sends the
 * same CPF and password again with the chosen `companyId`. Changing club is a new login.
 */
export const portalLoginBodySchema = loginBodySchema.extend({ companyId: idSchema.optional() });
export type PortalLoginBody = z.input<typeof portalLoginBodySchema>;

/** A club as the portal shows it. */
export const portalClubSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
});
export type PortalClub = z.infer<typeof portalClubSchema>;

/** The signed-in membership, as the session carries it. */
export const portalSessionMemberSchema = z.object({
  /** The associate (membership) id: the `sub` of the access token. */
  id: z.uuid(),
  name: z.string(),
  cardId: z.string(),
  isHolder: z.boolean(),
});
export type PortalSessionMember = z.infer<typeof portalSessionMemberSchema>;

/** Access token (15 min, realm associate) and rotating refresh token of one membership. */
export const portalSessionSchema = z.object({
  needsClub: z.literal(false),
  access_token: z.string(),
  refresh_token: z.string(),
  member: portalSessionMemberSchema,
  club: portalClubSchema.extend({ timezone: z.string() }),
  /**
   * At login, every club whose membership password matched (switching is a new login naming the
   * club); after a refresh or a password change, only this session's club (no password to check
   * the others with).
   */
  clubs: z.array(portalClubSchema),
});
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** Several memberships matched and no `companyId` was sent: pick one and log in again. */
export const portalClubChoiceSchema = z.object({
  needsClub: z.literal(true),
  clubs: z.array(portalClubSchema),
});
export type PortalClubChoice = z.infer<typeof portalClubChoiceSchema>;

export const portalLoginResponseSchema = z.discriminatedUnion('needsClub', [
  portalSessionSchema,
  portalClubChoiceSchema,
]);
export type PortalLoginResponse = z.infer<typeof portalLoginResponseSchema>;

/** POST /api/portal/auth/refresh and /logout take the staff body shape. */
export const portalRefreshBodySchema = refreshBodySchema;

/** The member changes their own portal password: the current one is required. */
export const portalChangePasswordBodySchema = changeOwnPasswordBodySchema;
export type PortalChangePasswordBody = z.infer<typeof portalChangePasswordBodySchema>;

// ---------------------------------------------------------------------------------------------
// Me

export const portalBookingScopes = ['upcoming', 'past', 'cancelled'] as const;
export type PortalBookingScope = (typeof portalBookingScopes)[number];

/** A booking of the member's title (any member of the title). */
export const portalBookingSchema = z.object({
  id: z.uuid(),
  place: z.object({ id: z.uuid(), name: z.string() }),
  /** Who it is for: a member of the caller's own title. */
  associate: z.object({ id: z.uuid(), name: z.string(), cardId: z.string() }),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  status: z.enum(appointmentStatuses),
  createdAt: z.iso.datetime(),
  cancelledAt: z.iso.datetime().nullable(),
  /** Why the club cancelled it (a block's reason); null when cancelled without one. */
  cancellationReason: z.string().nullable(),
  /** Booked by the club's staff or by a member through the portal. */
  bookedVia: z.enum(['staff', 'portal']),
  /** Last instant it may be cancelled (start − the place's maxCancelBookingTime hours). */
  cancelDeadline: z.iso.datetime(),
  /** SCHEDULED and the deadline has not passed. */
  cancellable: z.boolean(),
  /** The most guests it may list: 0 when its place accepts none (docs/domain.md, "Guest lists"). */
  guestLimit: z.number().int(),
  guestCount: z.number().int(),
});
export type PortalBooking = z.infer<typeof portalBookingSchema>;

export const portalBookingListQuerySchema = z.object({
  scope: z.enum(portalBookingScopes).default('upcoming'),
});
export type PortalBookingListQuery = z.input<typeof portalBookingListQuerySchema>;

export const portalBookingListSchema = z.object({ items: z.array(portalBookingSchema) });
export type PortalBookingList = z.infer<typeof portalBookingListSchema>;

/** The title's SCHEDULED bookings this club-local month at one place with a monthly limit. */
export const portalQuotaSchema = z.object({
  placeId: z.uuid(),
  placeName: z.string(),
  used: z.number().int(),
  /** > 0: places without a limit are not listed. */
  limit: z.number().int(),
  /** Club-local month "AAAA-MM". */
  month: z.string(),
});
export type PortalQuota = z.infer<typeof portalQuotaSchema>;

export const portalMeSchema = z.object({
  member: portalSessionMemberSchema.extend({
    blocked: z.boolean(),
    blockedReason: z.string().nullable(),
  }),
  title: z.object({
    id: z.uuid(),
    name: z.string(),
    blocked: z.boolean(),
    blockedReason: z.string().nullable(),
    /** The end of the no-show suspension in force, if any: no new bookings until then. */
    suspendedUntil: z.iso.datetime().nullable(),
    /** The members of the title (the caller included); a holder may book for any of them. */
    members: z.array(
      z.object({ id: z.uuid(), name: z.string(), cardId: z.string(), isHolder: z.boolean() }),
    ),
  }),
  club: portalClubSchema.extend({ timezone: z.string() }),
  quotas: z.array(portalQuotaSchema),
  /** The title's next SCHEDULED bookings, soonest first (at most 10). */
  nextBookings: z.array(portalBookingSchema),
});
export type PortalMe = z.infer<typeof portalMeSchema>;

// ---------------------------------------------------------------------------------------------
// Places and slots

export const portalPlaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.object({
    id: z.uuid(),
    name: z.string(),
    /** A title holds at most one booking a day in this category. */
    blockedAppointmentDay: z.boolean(),
    /** A title cannot book the clock time it booked the day before in this category. */
    notAppointmentPreviousDayTime: z.boolean(),
  }),
  /** Club-local wall-clock "HH:mm". */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Minutes per slot. */
  bookRange: z.number().int(),
  /** How many days ahead of club-local today a booking may start. */
  availableBookingDays: z.number().int(),
  /** Hours before the start after which a booking can no longer be cancelled. */
  maxCancelBookingTime: z.number().int(),
  /** Minimum age in years on the booking's date; 0 = none. */
  ageRestriction: z.number().int(),
  /** Bookings per title per month at this place; 0 = no limit. */
  associateReservationLimit: z.number().int(),
  images: z.array(
    z.object({
      id: z.uuid(),
      description: z.string().nullable(),
      imageUrl: z.string(),
      thumbnailUrl: z.string(),
      width: z.number().int(),
      height: z.number().int(),
    }),
  ),
});
export type PortalPlace = z.infer<typeof portalPlaceSchema>;

/** Non-archived places of the member's club, by category name then place name. */
export const portalPlaceListSchema = z.object({ items: z.array(portalPlaceSchema) });
export type PortalPlaceList = z.infer<typeof portalPlaceListSchema>;

export const portalSlotsParamsSchema = z.object({ placeId: idSchema });
export const portalSlotsQuerySchema = z.object({ date: dateSchema });

/**
 * free: bookable now; own: a booking of the member's title holds it; taken: somebody else holds
 * it (never who); refused: nobody holds it, but a rule of the member's title refuses it (`rule`);
 * blocked: a blocked time of the club; past: already started; outside-window: beyond the place's
 * availableBookingDays.
 */
export const portalSlotStates = [
  'free',
  'own',
  'taken',
  'refused',
  'blocked',
  'past',
  'outside-window',
] as const;
export type PortalSlotState = (typeof portalSlotStates)[number];

/**
 * The rules of a whole title a free slot may fail, said in the grid: the month's quota at the
 * place is used, or the title already booked the category that day (or that time the day before).
 */
export const portalSlotTitleRules = ['ReservationsLimitReached', 'WaitingPeriodRequired'] as const;
export type PortalSlotTitleRule = (typeof portalSlotTitleRules)[number];

export const portalSlotSchema = z.object({
  /** Club-local wall-clock start "HH:mm". */
  time: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  state: z.enum(portalSlotStates),
  /** refused: the title's rule that refuses it (the first, in the engine's order). */
  rule: z.enum(portalSlotTitleRules).optional(),
});
export type PortalSlot = z.infer<typeof portalSlotSchema>;

export const portalSlotListSchema = z.object({
  date: z.string(),
  items: z.array(portalSlotSchema),
  /** The special day setting the place's hours that date (a holiday, a closure): why it has none. */
  specialDay: z
    .object({ name: z.string(), scope: z.enum(['club', 'category', 'place']), closed: z.boolean() })
    .optional(),
});
export type PortalSlotList = z.infer<typeof portalSlotListSchema>;

// ---------------------------------------------------------------------------------------------
// Booking

/** The slot's end is the place's: start + bookRange. */
export const portalBookingBodySchema = z.object({
  placeId: idSchema,
  startsAt: instantSchema,
  /** For whom: absent = the caller. A holder may name any member of their title. */
  associateId: idSchema.optional(),
});
export type PortalBookingBody = z.input<typeof portalBookingBodySchema>;

/** One rule the booking fails: the shape both realms answer (./booking-failure). */
export const portalBookingFailureSchema = bookingFailureSchema;
export type PortalBookingFailure = z.infer<typeof portalBookingFailureSchema>;

/**
 * Every rule that fails (the back office's engine), and the title's monthly quota at the place.
 * A refused POST /bookings answers the first failure's status and code, with the whole list in
 * `details.failures`.
 */
export const portalBookingCheckSchema = z.object({
  ok: z.boolean(),
  failures: z.array(portalBookingFailureSchema),
  /** limit 0 = no monthly limit. */
  quota: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export type PortalBookingCheck = z.infer<typeof portalBookingCheckSchema>;

export const portalBookingParamsSchema = z.object({ id: idSchema });

/** The body of a refused POST /api/portal/bookings: both realms' refusal (./booking-failure). */
export const portalBookingRefusalSchema = bookingRefusalSchema;
export type PortalBookingRefusal = z.infer<typeof portalBookingRefusalSchema>;
