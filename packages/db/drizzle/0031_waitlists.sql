-- Waitlists (docs/domain.md, "Waitlists"): members in line for a taken slot, one offer at a time.
ALTER TABLE "categories" ADD COLUMN "waitlist_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "waitlist_offer_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "waitlist_max_per_title" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_waitlist_settings"
  CHECK ("waitlist_offer_minutes" between 1 and 1440 and "waitlist_max_per_title" between 1 and 50);--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
  "place_id" uuid NOT NULL REFERENCES "places"("id") ON DELETE cascade,
  "associate_id" uuid NOT NULL REFERENCES "associates"("id") ON DELETE cascade,
  "associate_title_id" uuid NOT NULL REFERENCES "associate_titles"("id") ON DELETE cascade,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'WAITING' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "offered_at" timestamp with time zone,
  "offer_expires_at" timestamp with time zone,
  "ended_at" timestamp with time zone,
  "appointment_id" uuid REFERENCES "appointments"("id") ON DELETE set null,
  CONSTRAINT "waitlist_entries_order" CHECK ("starts_at" < "ends_at"),
  CONSTRAINT "waitlist_entries_status" CHECK ("status" in ('WAITING','OFFERED','BOOKED','LEFT','REFUSED','EXPIRED','SKIPPED','ENDED')),
  CONSTRAINT "waitlist_entries_offer_consistent" CHECK ("status" <> 'OFFERED' or ("offered_at" is not null and "offer_expires_at" is not null))
);--> statement-breakpoint
-- A member is in a slot's line once.
CREATE UNIQUE INDEX "waitlist_entries_one_per_member" ON "waitlist_entries" ("place_id", "starts_at", "associate_id")
  WHERE "status" in ('WAITING','OFFERED');--> statement-breakpoint
-- One offer at a time per slot, whatever the races.
CREATE UNIQUE INDEX "waitlist_entries_one_offer" ON "waitlist_entries" ("place_id", "starts_at")
  WHERE "status" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" ("place_id", "starts_at", "created_at")
  WHERE "status" in ('WAITING','OFFERED');--> statement-breakpoint
CREATE INDEX "waitlist_entries_title_idx" ON "waitlist_entries" ("associate_title_id", "starts_at")
  WHERE "status" in ('WAITING','OFFERED');--> statement-breakpoint
CREATE INDEX "waitlist_entries_company_idx" ON "waitlist_entries" ("company_id");--> statement-breakpoint
-- An offer holds its slot: while it lasts, only the member offered may book over it. Raised as
-- the exclusion constraint's SQLSTATE, so a booking refused by a hold reads TimeAlreadyTaken.
CREATE OR REPLACE FUNCTION appointments_respect_waitlist_offers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'SCHEDULED' AND EXISTS (
    SELECT 1 FROM waitlist_entries w
    WHERE w.place_id = NEW.place_id AND w.status = 'OFFERED' AND w.offer_expires_at > now()
      AND w.starts_at < NEW.ends_at AND w.ends_at > NEW.starts_at
      AND w.associate_id <> NEW.associate_id
  ) THEN
    RAISE EXCEPTION 'the slot is held by a waitlist offer' USING ERRCODE = '23P01';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_waitlist_offer_hold" BEFORE INSERT OR UPDATE OF "place_id", "starts_at", "ends_at", "status"
  ON "appointments" FOR EACH ROW EXECUTE FUNCTION appointments_respect_waitlist_offers();
