-- The linked-places rule of migration 0033 read a booking's linked places' bookings through one
-- query whose place list came from a subquery: the planner could not use the bookings' indexes
-- for it and read every booking of the club for each new one, so a statement inserting many
-- bookings (a series, the import of a season) grew with the square of the table. Now each linked
-- place is looked up on its own through the no-overlap constraint's index, and a place with no
-- links reads no booking at all. Locks and refusals are those of 0033.
CREATE OR REPLACE FUNCTION appointments_respect_linked_places() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  linked uuid;
BEGIN
  IF NEW.status NOT IN ('SCHEDULED','CHECKED_IN','NO_SHOW') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.place_id = NEW.place_id AND OLD.starts_at = NEW.starts_at
    AND OLD.ends_at = NEW.ends_at AND OLD.status IN ('SCHEDULED','CHECKED_IN','NO_SHOW') THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(linked_place_lock_key(NEW.place_id));
  FOR linked IN SELECT whole_place_id FROM place_parts
      WHERE part_place_id = NEW.place_id ORDER BY whole_place_id LOOP
    PERFORM pg_advisory_xact_lock(linked_place_lock_key(linked));
  END LOOP;
  FOR linked IN
      SELECT part_place_id FROM place_parts WHERE whole_place_id = NEW.place_id
      UNION ALL
      SELECT whole_place_id FROM place_parts WHERE part_place_id = NEW.place_id LOOP
    IF EXISTS (
      SELECT 1 FROM appointments a
      WHERE a.place_id = linked
        AND a.status IN ('SCHEDULED','CHECKED_IN','NO_SHOW')
        AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
        AND a.id <> NEW.id
    ) THEN
      RAISE EXCEPTION 'a linked place is booked at that time'
        USING ERRCODE = '23P01', CONSTRAINT = 'appointments_linked_places_no_overlap';
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$;
