import { z } from 'zod';
import { cpfSchema, idSchema } from './common';
import { changeOwnPasswordBodySchema } from './auth';

/**
 * Messages the club sends (the outbox) and the single-use links of first access and forgotten
 * passwords.
 *
 *   GET   /api/backoffice/message/company/{companyId}   messageListQuerySchema → messageListSchema
 *   POST  /api/portal/auth/access-link                  accessLinkRequestBodySchema → accessLinkRequestedSchema (202)
 *   POST  /api/portal/auth/access-link/redeem           redeemAccessLinkBodySchema → portalSessionSchema
 *   POST  /api/auth/access-link                         accessLinkRequestBodySchema → accessLinkRequestedSchema (202)
 *   POST  /api/auth/access-link/redeem                  redeemAccessLinkBodySchema → sessionSchema
 *   POST  /api/portal/auth/access-link/check            checkAccessLinkBodySchema → accessLinkStatusSchema
 *   POST  /api/auth/access-link/check                   checkAccessLinkBodySchema → accessLinkStatusSchema
 *   GET   /api/portal/notice                            → noticeListSchema (the member's Avisos)
 *   PATCH /api/portal/notice/read                       → noticeListSchema (all read)
 *   GET   /api/portal/me/notifications                  → notificationPreferencesSchema
 *   PUT   /api/portal/me/notifications                  notificationPreferencesSchema → same
 */

/** pending: waiting to be sent (or tried again); sent: the mail server accepted it; kept: no
 * mail server is configured, it is only shown here; failed: given up; notice: not e-mailed (the
 * club holds no address, or the member switched that kind of e-mail off), only in the member's
 * Avisos. */
export const messageStatusSchema = z.enum(['pending', 'sent', 'kept', 'failed', 'notice']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  associateId: z.uuid().nullable(),
  associateName: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: messageStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  /** The same message as notifications on the member's devices, by outcome. */
  pushes: z
    .object({
      sent: z.number().int().min(0),
      pending: z.number().int().min(0),
      failed: z.number().int().min(0),
    })
    .optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListParamsSchema = z.object({ companyId: idSchema });
/** Messages per page of Mensagens, by default and at most. */
export const messagePageSize = { default: 50, max: 100 } as const;

/**
 * A page of the club's messages, newest first: one member's (`associateId`), one state
 * (`status`), or those whose recipient, member's name or subject contain every word of `search`.
 */
export const messageListQuerySchema = z.object({
  associateId: idSchema.optional(),
  status: messageStatusSchema.optional(),
  search: z.string().trim().max(100, 'Busca longa demais (até 100 caracteres)').optional(),
  page: z.coerce
    .number({ message: 'Número inválido' })
    .int('Número inválido')
    .min(1, 'Mínimo 1')
    .max(100_000, 'Página inválida')
    .default(1),
  take: z.coerce
    .number({ message: 'Número inválido' })
    .int('Número inválido')
    .min(1, 'Mínimo 1')
    .max(messagePageSize.max, `Máximo ${messagePageSize.max}`)
    .default(messagePageSize.default),
});
export type MessageListQuery = Partial<z.output<typeof messageListQuerySchema>>;
/** A page of messages, newest first, and how many match in all (exact). */
export const messageListSchema = z.object({
  items: z.array(messageSchema),
  total: z.number().int(),
  page: z.number().int(),
  take: z.number().int(),
});
export type MessageList = z.infer<typeof messageListSchema>;

/** Primeiro acesso / Esqueci minha senha: the CPF whose password link to send. */
export const accessLinkRequestBodySchema = z.object({ cpf: cpfSchema });
export type AccessLinkRequestBody = z.input<typeof accessLinkRequestBodySchema>;

/** The same answer whatever the CPF: whether a link went out is never told. */
export const accessLinkRequestedSchema = z.object({ ok: z.literal(true) });

/** The link's token (from the address's `#token=`) and the password chosen. */
export const redeemAccessLinkBodySchema = z.object({
  token: z
    .string({ message: 'Link inválido' })
    .min(20, 'Link inválido')
    .max(200, 'Link inválido')
    .regex(/^[A-Za-z0-9_-]+$/, 'Link inválido'),
  newPassword: changeOwnPasswordBodySchema.shape.newPassword,
});
export type RedeemAccessLinkBody = z.infer<typeof redeemAccessLinkBodySchema>;

/** A link's token, checked when its page opens (nothing spent). */
export const checkAccessLinkBodySchema = redeemAccessLinkBodySchema.pick({ token: true });
export type CheckAccessLinkBody = z.infer<typeof checkAccessLinkBodySchema>;

/** A live link: the club it opens (null for a staff account's own password link). */
export const accessLinkStatusSchema = z.object({
  clubName: z.string().nullable(),
  /** The link's club (its page links the club's install manifest); none for a staff password. */
  clubId: z.uuid().nullable().default(null),
});
export type AccessLinkStatus = z.infer<typeof accessLinkStatusSchema>;

/** The form on the link's page: the password twice. */
export const choosePasswordFormSchema = z
  .object({
    newPassword: changeOwnPasswordBodySchema.shape.newPassword,
    confirmPassword: z.string().min(1, 'Campo obrigatório!'),
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: 'As senhas não conferem',
    path: ['confirmPassword'],
  });
export type ChoosePasswordForm = z.infer<typeof choosePasswordFormSchema>;

/**
 * GET /api/auth/mail-delivery (public): whether this server sends e-mail (SMTP configured). Without
 * it no password link reaches a staff member, and new staff get a one-time password.
 */
export const mailDeliverySchema = z.object({ sendsMail: z.boolean() });
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

/** A notice in the member's Avisos: what the club told them, by e-mail or not. */
export const noticeSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  subject: z.string(),
  textBody: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;
/** The latest notices first (at most `noticeListLimit`) and how many are unread. */
export const noticeListSchema = z.object({
  items: z.array(noticeSchema),
  unread: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeListSchema>;
export const noticeListLimit = 50;

/**
 * Which messages a member wants by e-mail. The confirmation of a booking made in the portal and
 * the reminder may be switched off; what the club does to a booking (cancel, move), a booking
 * staff made and a suspension always go out. Everything stays in Avisos.
 */
export const notificationPreferencesSchema = z.object({
  ownBookings: z.boolean({ message: 'Escolha sim ou não' }),
  reminders: z.boolean({ message: 'Escolha sim ou não' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** base64url of exactly `bytes` bytes (no padding), as PushSubscription.toJSON() gives keys. */
const base64urlOf = (bytes: number, message: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, message)
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, message);

/** Web Push in the portal: the key browsers subscribe with, and the member's devices. */
export const pushSettingsSchema = z.object({
  /** The server's VAPID public key (base64url); null when push is off on this server. */
  publicKey: z.string().nullable(),
  /** Devices where the member allowed notifications. */
  devices: z.number().int().min(0),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** Most devices a member keeps notifications on; a newer one replaces the oldest. */
export const maxPushDevices = 10;

/** This device's subscription (the browser's PushSubscription.toJSON()). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .url({ message: 'Endereço de notificações inválido' })
    .max(2000, 'Endereço de notificações longo demais'),
  keys: z.object({
    p256dh: base64urlOf(65, 'Chave do aparelho inválida'),
    auth: base64urlOf(16, 'Segredo do aparelho inválido'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** Which device stops receiving notifications. */
export const pushUnsubscribeQuerySchema = z.object({
  endpoint: z.string().min(1, 'Informe o endereço de notificações').max(2000),
});
export type PushUnsubscribeQuery = z.infer<typeof pushUnsubscribeQuerySchema>;
