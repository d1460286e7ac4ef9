-- A club's invitation of a person to its staff: pending until the person proves themselves with
-- the club's own proof (the link mailed to the address the club typed, or the club's one-time
-- password). Only then does the membership become a company_staff row. What the club typed (name,
-- e-mail) is kept here: until the person accepts, the club sees only that, never the account's.
CREATE TABLE "staff_invitations" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"one_time_password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "staff_invitations_role_valid" CHECK ("staff_invitations"."role" in ('administrador', 'recepcao', 'consulta')),
	CONSTRAINT "staff_invitations_name_not_blank" CHECK (length(trim("staff_invitations"."name")) > 0)
);--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_user_idx" ON "staff_invitations" USING btree ("user_id");--> statement-breakpoint
-- The club whose invitation a staff link carries (null for a password link of the account).
ALTER TABLE "account_links" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
