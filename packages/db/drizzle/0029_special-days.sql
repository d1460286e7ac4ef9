-- Special days (holidays, closures, short hours) per club, for the whole club, a category or a
-- place; and each place's own week inside the club's (docs/domain.md, "Special days and place
-- weeks"). A special day without hours closes what it covers; with hours it replaces that date's
-- weekly hours. A place's weekday without hours is closed.

CREATE TABLE "special_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid,
	"place_id" uuid,
	"open_time" time,
	"close_time" time,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_days_scope_date" UNIQUE NULLS NOT DISTINCT("company_id","date","category_id","place_id"),
	CONSTRAINT "special_days_name_not_blank" CHECK (length(trim("special_days"."name")) between 1 and 80),
	CONSTRAINT "special_days_one_scope" CHECK ("special_days"."category_id" is null or "special_days"."place_id" is null),
	CONSTRAINT "special_days_hours" CHECK (("special_days"."open_time" is null and "special_days"."close_time" is null) or ("special_days"."open_time" is not null and "special_days"."close_time" is not null and "special_days"."open_time" < "special_days"."close_time"))
);
--> statement-breakpoint
CREATE TABLE "place_weekly_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"day_of_week" text NOT NULL,
	"open_time" time,
	"close_time" time,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_weekly_hours_day" CHECK ("place_weekly_hours"."day_of_week" in ('DOMINGO','SEGUNDA','TERCA','QUARTA','QUINTA','SEXTA','SABADO')),
	CONSTRAINT "place_weekly_hours_hours" CHECK (("place_weekly_hours"."open_time" is null and "place_weekly_hours"."close_time" is null) or ("place_weekly_hours"."open_time" is not null and "place_weekly_hours"."close_time" is not null and "place_weekly_hours"."open_time" < "place_weekly_hours"."close_time"))
);
--> statement-breakpoint
ALTER TABLE "special_days" ADD CONSTRAINT "special_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_days" ADD CONSTRAINT "special_days_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_days" ADD CONSTRAINT "special_days_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_days" ADD CONSTRAINT "special_days_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_weekly_hours" ADD CONSTRAINT "place_weekly_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_weekly_hours" ADD CONSTRAINT "place_weekly_hours_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "place_weekly_hours_place_day_unique" ON "place_weekly_hours" USING btree ("place_id","day_of_week");
