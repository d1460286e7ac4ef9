-- Messages a member hears from their club, by e-mail and in the portal's Avisos: a notice kept
-- only for the portal (no address, or the member switched that kind of e-mail off), when the
-- member read it, the member's choice about reminders, and the club's reminder setting.

ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_status";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status" CHECK ("outbox_messages"."status" in ('pending','sent','kept','failed','notice'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "associates" ADD COLUMN "notify_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reminder_hours" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_reminder_hours" CHECK ("companies"."reminder_hours" is null or "companies"."reminder_hours" between 1 and 168);
