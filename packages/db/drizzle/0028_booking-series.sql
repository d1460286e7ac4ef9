-- Weekly fixed bookings (docs/decisions/032-booking-series.md): a series is a place's slot on some
-- weekdays from a date to a date, for a member or for a named activity with its responsible
-- member, written as an RFC 5545 rule; each date it books is an appointment that names it.

CREATE TABLE "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"associate_id" uuid NOT NULL,
	"associate_title_id" uuid NOT NULL,
	"activity_name" text,
	"weekdays" integer[] NOT NULL,
	"start_time" text NOT NULL,
	"length_minutes" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"rrule" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "booking_series_order" CHECK ("booking_series"."starts_on" <= "booking_series"."ends_on"),
	CONSTRAINT "booking_series_activity_name_length" CHECK ("booking_series"."activity_name" is null or char_length("booking_series"."activity_name") between 1 and 120),
	CONSTRAINT "booking_series_start_time" CHECK ("booking_series"."start_time" ~ '^[0-2][0-9]:[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_associate_id_associates_id_fk" FOREIGN KEY ("associate_id") REFERENCES "public"."associates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_associate_title_id_associate_titles_id_fk" FOREIGN KEY ("associate_title_id") REFERENCES "public"."associate_titles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_series_company_idx" ON "booking_series" USING btree ("company_id","starts_on");--> statement-breakpoint
CREATE INDEX "booking_series_associate_idx" ON "booking_series" USING btree ("associate_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id","starts_at");
