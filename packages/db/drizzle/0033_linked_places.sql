-- Linked places (docs/domain.md, "Linked places"; docs/decisions/034-linked-places.md): a place
-- may be made of other places of its club (the full field of its two halves). One level: a part
-- is never itself a whole. A booking of the whole holds each part's time and a booking of a part
-- holds the whole's, whatever path or process books.
CREATE TABLE "place_parts" (
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"whole_place_id" uuid NOT NULL REFERENCES "places"("id") ON DELETE cascade,
	"part_place_id" uuid NOT NULL REFERENCES "places"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_parts_pk" PRIMARY KEY ("whole_place_id", "part_place_id"),
	CONSTRAINT "place_parts_not_itself" CHECK ("whole_place_id" <> "part_place_id")
);--> statement-breakpoint
CREATE INDEX "place_parts_part_idx" ON "place_parts" ("part_place_id");--> statement-breakpoint
CREATE INDEX "place_parts_company_idx" ON "place_parts" ("company_id");--> statement-breakpoint
-- The advisory-lock key a linked booking serialises on: one per place (hashtext, like the
-- engine's place locks, under another prefix so the two never meet).
CREATE OR REPLACE FUNCTION linked_place_lock_key(place uuid) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT hashtext('linked-place:' || place::text) $$;--> statement-breakpoint
-- A new link: both places of the link's club, one level (a whole is no part, a part no whole, so
-- no cycle), and no booking of the whole overlapping one of the part still to end. Locks: the
-- club's links (one change of links at a time per club), then the part's and the whole's keys,
-- in the bookings' order (a place, then its wholes), so a booking racing the link is seen.
CREATE OR REPLACE FUNCTION place_parts_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('place-parts:' || NEW.company_id::text));
  PERFORM pg_advisory_xact_lock(linked_place_lock_key(NEW.part_place_id));
  PERFORM pg_advisory_xact_lock(linked_place_lock_key(NEW.whole_place_id));
  IF (SELECT count(*) FROM places
      WHERE id in (NEW.whole_place_id, NEW.part_place_id) AND company_id = NEW.company_id) <> 2 THEN
    RAISE EXCEPTION 'a place is made of places of its own club'
      USING ERRCODE = '23514', CONSTRAINT = 'place_parts_same_club';
  END IF;
  IF EXISTS (SELECT 1 FROM place_parts
      WHERE part_place_id = NEW.whole_place_id OR whole_place_id = NEW.part_place_id) THEN
    RAISE EXCEPTION 'a part is never a whole'
      USING ERRCODE = '23514', CONSTRAINT = 'place_parts_one_level';
  END IF;
  IF EXISTS (SELECT 1 FROM appointments w JOIN appointments p
        ON p.place_id = NEW.part_place_id
        AND p.status in ('SCHEDULED','CHECKED_IN','NO_SHOW')
        AND p.starts_at < w.ends_at AND p.ends_at > w.starts_at
      WHERE w.place_id = NEW.whole_place_id
        AND w.status in ('SCHEDULED','CHECKED_IN','NO_SHOW')
        AND w.ends_at > now()) THEN
    RAISE EXCEPTION 'the whole and the part are booked at the same time'
      USING ERRCODE = '23P01', CONSTRAINT = 'place_parts_bookings_overlap';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "place_parts_check" BEFORE INSERT OR UPDATE ON "place_parts"
  FOR EACH ROW EXECUTE FUNCTION place_parts_check();--> statement-breakpoint
-- A booking that holds its slot (SCHEDULED, CHECKED_IN, NO_SHOW) may not overlap one of its
-- linked places (its parts, its wholes): the exclusion constraint's rule across the link. Under
-- read committed a check alone cannot see a racing insert, so the booking first takes its own
-- place's key, then its wholes' keys (sorted): every booking of a whole or of one of its parts
-- holds the whole's key until it commits, and each statement of this function reads after the
-- locks are taken. Raised as the exclusion constraint's SQLSTATE (TimeAlreadyTaken). A change
-- between holding statuses (check-in, no-show, undo) at the same place and time is no new claim.
CREATE OR REPLACE FUNCTION appointments_respect_linked_places() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  whole uuid;
BEGIN
  IF NEW.status NOT IN ('SCHEDULED','CHECKED_IN','NO_SHOW') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.place_id = NEW.place_id AND OLD.starts_at = NEW.starts_at
    AND OLD.ends_at = NEW.ends_at AND OLD.status IN ('SCHEDULED','CHECKED_IN','NO_SHOW') THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(linked_place_lock_key(NEW.place_id));
  FOR whole IN SELECT whole_place_id FROM place_parts
      WHERE part_place_id = NEW.place_id ORDER BY whole_place_id LOOP
    PERFORM pg_advisory_xact_lock(linked_place_lock_key(whole));
  END LOOP;
  IF EXISTS (
    SELECT 1 FROM appointments a
    WHERE a.place_id IN (
        SELECT part_place_id FROM place_parts WHERE whole_place_id = NEW.place_id
        UNION ALL
        SELECT whole_place_id FROM place_parts WHERE part_place_id = NEW.place_id)
      AND a.status IN ('SCHEDULED','CHECKED_IN','NO_SHOW')
      AND a.starts_at < NEW.ends_at AND a.ends_at > NEW.starts_at
      AND a.id <> NEW.id
  ) THEN
    RAISE EXCEPTION 'a linked place is booked at that time'
      USING ERRCODE = '23P01', CONSTRAINT = 'appointments_linked_places_no_overlap';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_linked_places" BEFORE INSERT OR UPDATE OF "place_id", "starts_at", "ends_at", "status"
  ON "appointments" FOR EACH ROW EXECUTE FUNCTION appointments_respect_linked_places();
