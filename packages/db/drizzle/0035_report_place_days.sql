-- The Relatórios' kept figures (docs/decisions/039-report-kept-figures.md): one row per place and
-- club day, written by the reports as they compute it, counted only while its version is the
-- day's and its epoch the club's. Both are raised here, by the database, in every transaction that
-- writes what they stand for, whatever path or process writes it.
CREATE TABLE "report_club_epochs" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_place_days" (
	"place_id" uuid NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"epoch" bigint NOT NULL,
	"formula" text NOT NULL,
	"bookable_00" integer NOT NULL,
	"bookable_01" integer NOT NULL,
	"bookable_02" integer NOT NULL,
	"bookable_03" integer NOT NULL,
	"bookable_04" integer NOT NULL,
	"bookable_05" integer NOT NULL,
	"bookable_06" integer NOT NULL,
	"bookable_07" integer NOT NULL,
	"bookable_08" integer NOT NULL,
	"bookable_09" integer NOT NULL,
	"bookable_10" integer NOT NULL,
	"bookable_11" integer NOT NULL,
	"bookable_12" integer NOT NULL,
	"bookable_13" integer NOT NULL,
	"bookable_14" integer NOT NULL,
	"bookable_15" integer NOT NULL,
	"bookable_16" integer NOT NULL,
	"bookable_17" integer NOT NULL,
	"bookable_18" integer NOT NULL,
	"bookable_19" integer NOT NULL,
	"bookable_20" integer NOT NULL,
	"bookable_21" integer NOT NULL,
	"bookable_22" integer NOT NULL,
	"bookable_23" integer NOT NULL,
	"booked_00" integer NOT NULL,
	"booked_01" integer NOT NULL,
	"booked_02" integer NOT NULL,
	"booked_03" integer NOT NULL,
	"booked_04" integer NOT NULL,
	"booked_05" integer NOT NULL,
	"booked_06" integer NOT NULL,
	"booked_07" integer NOT NULL,
	"booked_08" integer NOT NULL,
	"booked_09" integer NOT NULL,
	"booked_10" integer NOT NULL,
	"booked_11" integer NOT NULL,
	"booked_12" integer NOT NULL,
	"booked_13" integer NOT NULL,
	"booked_14" integer NOT NULL,
	"booked_15" integer NOT NULL,
	"booked_16" integer NOT NULL,
	"booked_17" integer NOT NULL,
	"booked_18" integer NOT NULL,
	"booked_19" integer NOT NULL,
	"booked_20" integer NOT NULL,
	"booked_21" integer NOT NULL,
	"booked_22" integer NOT NULL,
	"booked_23" integer NOT NULL,
	"bookable_minutes" integer NOT NULL,
	"booked_minutes" integer NOT NULL,
	"bookings" integer NOT NULL,
	"cancellations" integer NOT NULL,
	"late_cancellations" integer NOT NULL,
	"check_ins" integer NOT NULL,
	"no_shows" integer NOT NULL,
	"portal_bookings" integer NOT NULL,
	"staff_bookings" integer NOT NULL,
	"exceptions" integer NOT NULL,
	CONSTRAINT "report_place_days_place_id_day_pk" PRIMARY KEY("place_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_place_versions" (
	"place_id" uuid NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "report_place_versions_place_id_day_pk" PRIMARY KEY("place_id","day")
);
--> statement-breakpoint
ALTER TABLE "report_club_epochs" ADD CONSTRAINT "report_club_epochs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_place_days" ADD CONSTRAINT "report_place_days_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_place_versions" ADD CONSTRAINT "report_place_versions_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The place days a write of bookings or blocked times may change: the row's place and the places
-- linked to it (a booking or block of a linked place holds the place's time), on every club
-- day its time touches, widened by three hours each side as the reports map times to days. Each
-- version is raised once per statement, in one order (place, day), so that two writing statements
-- never wait on each other crosswise.
CREATE OR REPLACE FUNCTION report_place_days_touch(
  place_ids uuid[], starts timestamptz[], ends timestamptz[]
) RETURNS void
LANGUAGE sql AS $$
  WITH touched AS (
    SELECT DISTINCT t.place_id,
      ((t.starts_at AT TIME ZONE c.timezone) - interval '3 hours')::date AS first_day,
      ((t.ends_at AT TIME ZONE c.timezone) + interval '3 hours')::date AS last_day
    FROM unnest(place_ids, starts, ends) AS t(place_id, starts_at, ends_at)
    JOIN places p ON p.id = t.place_id
    JOIN companies c ON c.id = p.company_id
  ), linked AS (
    SELECT DISTINCT x.place_id, t.first_day, t.last_day
    FROM touched t
    CROSS JOIN LATERAL (
      SELECT t.place_id
      UNION ALL SELECT part_place_id FROM place_parts WHERE whole_place_id = t.place_id
      UNION ALL SELECT whole_place_id FROM place_parts WHERE part_place_id = t.place_id
    ) AS x(place_id)
  )
  INSERT INTO report_place_versions AS v (place_id, day, version)
  SELECT DISTINCT l.place_id, d::date, 1
  FROM linked l
  CROSS JOIN LATERAL generate_series(l.first_day, l.last_day, interval '1 day') AS d
  ORDER BY 1, 2
  ON CONFLICT (place_id, day) DO UPDATE SET version = v.version + 1
$$;--> statement-breakpoint
-- One statement-level trigger per table and event (transition tables take one event each); the
-- rows are reduced to their distinct place and time first.
CREATE OR REPLACE FUNCTION report_place_days_written() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  place_ids uuid[];
  starts timestamptz[];
  ends timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(place_id), array_agg(starts_at), array_agg(ends_at)
      INTO place_ids, starts, ends
      FROM (SELECT DISTINCT place_id, starts_at, ends_at FROM new_rows) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(place_id), array_agg(starts_at), array_agg(ends_at)
      INTO place_ids, starts, ends
      FROM (SELECT DISTINCT place_id, starts_at, ends_at FROM old_rows) r;
  ELSE
    SELECT array_agg(place_id), array_agg(starts_at), array_agg(ends_at)
      INTO place_ids, starts, ends
      FROM (SELECT place_id, starts_at, ends_at FROM old_rows
        UNION SELECT place_id, starts_at, ends_at FROM new_rows) r;
  END IF;
  IF place_ids IS NOT NULL THEN
    PERFORM report_place_days_touch(place_ids, starts, ends);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "report_appointments_inserted" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_place_days_written();--> statement-breakpoint
CREATE TRIGGER "report_appointments_updated" AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_place_days_written();--> statement-breakpoint
CREATE TRIGGER "report_appointments_deleted" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_place_days_written();--> statement-breakpoint
CREATE TRIGGER "report_blocked_times_inserted" AFTER INSERT ON "blocked_times"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_place_days_written();--> statement-breakpoint
CREATE TRIGGER "report_blocked_times_updated" AFTER UPDATE ON "blocked_times"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_place_days_written();--> statement-breakpoint
CREATE TRIGGER "report_blocked_times_deleted" AFTER DELETE ON "blocked_times"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_place_days_written();
--> statement-breakpoint
-- A change of the club's settings that shape every place's day raises the club's epoch: the time
-- zone, the week's hours, a place's own week, hours, slot length, cancellation deadline or
-- category (the special days covering it), the special days, the linked places. Staff make these
-- changes now and then, never in the booking path.
CREATE OR REPLACE FUNCTION report_club_settings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  club uuid;
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    club := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    club := OLD.company_id;
  ELSE
    club := NEW.company_id;
  END IF;
  INSERT INTO report_club_epochs AS e (company_id, epoch) VALUES (club, 1)
  ON CONFLICT (company_id) DO UPDATE SET epoch = e.epoch + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "report_club_timezone" AFTER UPDATE OF "timezone" ON "companies"
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION report_club_settings_changed();--> statement-breakpoint
CREATE TRIGGER "report_club_places" AFTER UPDATE OF "book_range", "starts_at", "ends_at",
  "max_cancel_booking_time", "category_id" ON "places"
  FOR EACH ROW EXECUTE FUNCTION report_club_settings_changed();--> statement-breakpoint
CREATE TRIGGER "report_club_operating_hours" AFTER INSERT OR UPDATE OR DELETE ON "operating_hours"
  FOR EACH ROW EXECUTE FUNCTION report_club_settings_changed();--> statement-breakpoint
CREATE TRIGGER "report_club_place_weekly_hours" AFTER INSERT OR UPDATE OR DELETE
  ON "place_weekly_hours"
  FOR EACH ROW EXECUTE FUNCTION report_club_settings_changed();--> statement-breakpoint
CREATE TRIGGER "report_club_special_days" AFTER INSERT OR UPDATE OR DELETE ON "special_days"
  FOR EACH ROW EXECUTE FUNCTION report_club_settings_changed();--> statement-breakpoint
CREATE TRIGGER "report_club_place_parts" AFTER INSERT OR UPDATE OR DELETE ON "place_parts"
  FOR EACH ROW EXECUTE FUNCTION report_club_settings_changed();
