-- Guest lists (docs/domain.md, "Guest lists"): a place may accept guests on its bookings, up to a
-- number per booking, with or without each guest's CPF, until some hours before the start. A
-- guest row belongs to its booking and goes with it.

ALTER TABLE "places" ADD COLUMN "guests_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "guest_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "guest_cpf_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "guest_list_closes_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_guest_settings" CHECK ("places"."guest_limit" between 0 and 200 and "places"."guest_list_closes_hours" between 0 and 720);--> statement-breakpoint
CREATE TABLE "booking_guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cpf" text,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_guests_name_length" CHECK (char_length(trim("booking_guests"."name")) between 1 and 120),
	CONSTRAINT "booking_guests_cpf_digits" CHECK ("booking_guests"."cpf" is null or "booking_guests"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_guests_appointment_idx" ON "booking_guests" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "booking_guests_company_idx" ON "booking_guests" USING btree ("company_id");
