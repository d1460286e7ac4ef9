-- Front desk: a booking is attended (CHECKED_IN) or not (NO_SHOW) besides SCHEDULED and CANCELLED,
-- and the club's no-show policy may suspend a title for some days.

ALTER TABLE "appointments" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "no_show_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_show_by_users_id_fk" FOREIGN KEY ("no_show_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('SCHEDULED','CANCELLED','CHECKED_IN','NO_SHOW'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_checked_in_consistent" CHECK (("appointments"."status" = 'CHECKED_IN') = ("appointments"."checked_in_at" is not null));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_show_consistent" CHECK (("appointments"."status" = 'NO_SHOW') = ("appointments"."no_show_at" is not null));--> statement-breakpoint

-- A booking the member attended or missed still held its slot: nobody may book over it (undoing
-- the attendance puts it back to SCHEDULED, which must not then collide with a newer booking).
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("place_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" in ('SCHEDULED','CHECKED_IN','NO_SHOW'));--> statement-breakpoint

-- The club's no-show policy (suspension off while the count is null or 0).
ALTER TABLE "companies" ADD COLUMN "no_show_tolerance_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "no_show_suspension_count" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "no_show_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "no_show_suspension_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_no_show_policy" CHECK ("companies"."no_show_tolerance_minutes" between 0 and 1440 and coalesce("companies"."no_show_suspension_count", 0) >= 0 and "companies"."no_show_window_days" between 1 and 365 and "companies"."no_show_suspension_days" between 1 and 365);--> statement-breakpoint

CREATE TABLE "title_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"associate_title_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid,
	CONSTRAINT "title_suspensions_order" CHECK ("title_suspensions"."starts_at" < "title_suspensions"."ends_at"),
	CONSTRAINT "title_suspensions_cause" CHECK ("title_suspensions"."cause" in ('no-shows'))
);
--> statement-breakpoint
ALTER TABLE "title_suspensions" ADD CONSTRAINT "title_suspensions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_suspensions" ADD CONSTRAINT "title_suspensions_associate_title_id_associate_titles_id_fk" FOREIGN KEY ("associate_title_id") REFERENCES "public"."associate_titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_suspensions" ADD CONSTRAINT "title_suspensions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "title_suspensions_title_ends_idx" ON "title_suspensions" USING btree ("associate_title_id","ends_at");--> statement-breakpoint
CREATE INDEX "title_suspensions_company_idx" ON "title_suspensions" USING btree ("company_id");
