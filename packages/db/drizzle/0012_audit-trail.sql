-- The audit trail on screen: each event names the place and the associate it concerns (filters of
-- the trail and the history of a place or an associate), and the trail is read newest first in
-- pages keyed on (created_at, id).

ALTER TABLE "audit_events" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "associate_id" uuid;--> statement-breakpoint
DROP INDEX IF EXISTS "audit_events_company_created_idx";--> statement-breakpoint
CREATE INDEX "audit_events_company_keyset_idx" ON "audit_events" ("company_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_events_place_keyset_idx" ON "audit_events" ("company_id", "place_id", "created_at" DESC, "id" DESC) WHERE "place_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_associate_keyset_idx" ON "audit_events" ("company_id", "associate_id", "created_at" DESC, "id" DESC) WHERE "associate_id" IS NOT NULL;
