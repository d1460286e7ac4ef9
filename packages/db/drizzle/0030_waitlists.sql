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
-- A freed slot with a line is the line's: while an offer lasts, only the member offered may book
-- over it; while members wait (the offer not made yet, or an offer over and the next not yet
-- made), only a member in line may (staff booking for them). Raised as the exclusion
-- constraint's SQLSTATE, so such a booking reads TimeAlreadyTaken, whatever path or process
-- books. A change of status only (cancel, check-in, undo) is not a new claim on the slot.
CREATE OR REPLACE FUNCTION appointments_respect_waitlists() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.place_id = NEW.place_id AND OLD.starts_at = NEW.starts_at
    AND OLD.ends_at = NEW.ends_at THEN
    RETURN NEW;
  END IF;
  IF NEW.status = 'SCHEDULED' AND EXISTS (
    SELECT 1 FROM waitlist_entries w
    WHERE w.place_id = NEW.place_id AND w.starts_at < NEW.ends_at AND w.ends_at > NEW.starts_at
      AND w.starts_at > now()
      AND (
        (w.status = 'OFFERED' AND w.offer_expires_at > now() AND w.associate_id <> NEW.associate_id)
        OR (w.status = 'WAITING' AND NOT EXISTS (
          SELECT 1 FROM waitlist_entries o
          WHERE o.place_id = w.place_id AND o.starts_at = w.starts_at
            AND o.status in ('WAITING','OFFERED') AND o.associate_id = NEW.associate_id))
      )
  ) THEN
    RAISE EXCEPTION 'the slot is held for its waitlist' USING ERRCODE = '23P01';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_waitlist_hold" BEFORE INSERT OR UPDATE OF "place_id", "starts_at", "ends_at", "status"
  ON "appointments" FOR EACH ROW EXECUTE FUNCTION appointments_respect_waitlists();
