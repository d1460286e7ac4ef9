-- People per club and per realm. Until now one `users` row per CPF held the name, e-mail and
-- password of a person for every club and for both staff and members, so a club writing "its
-- associate" could rename or re-password another club's staff member. From here on:
-- * `users` holds staff accounts only;
-- * each associate row holds the club's own copy of the member's CPF, name, e-mail and portal
--   password, shared with nothing else;
-- * sessions and audit events name either a staff account or a club membership.
-- Existing data moves without loss: every associate keeps the name, e-mail and password its
-- person had; every staff account stays as it was.

ALTER TABLE "associates" DROP CONSTRAINT "associates_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "associates" ADD COLUMN "cpf" varchar(11);--> statement-breakpoint
ALTER TABLE "associates" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "associates" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "associates" ADD COLUMN "password_hash" text;--> statement-breakpoint
UPDATE "associates" AS a
  SET "cpf" = u."cpf", "name" = u."name", "email" = u."email", "password_hash" = u."password_hash"
  FROM "users" AS u
  WHERE u."id" = a."user_id";--> statement-breakpoint
ALTER TABLE "associates" ALTER COLUMN "cpf" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "associates" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint

-- A person who was only ever a member loses the shared row: their data now lives in each club's
-- record. Left behind, it would be a login any later "add staff by CPF" could pick up.
DELETE FROM "users" AS u
  WHERE NOT EXISTS (SELECT 1 FROM "company_staff" AS s WHERE s."user_id" = u."id")
    AND EXISTS (SELECT 1 FROM "associates" AS a WHERE a."user_id" = u."id");--> statement-breakpoint

DROP INDEX "associates_company_user_unique";--> statement-breakpoint
DROP INDEX "associates_user_idx";--> statement-breakpoint
ALTER TABLE "associates" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "associates" ADD CONSTRAINT "associates_cpf_valid" CHECK (is_valid_cpf("associates"."cpf"));--> statement-breakpoint
ALTER TABLE "associates" ADD CONSTRAINT "associates_name_not_blank" CHECK (length(trim("associates"."name")) > 0);--> statement-breakpoint
CREATE UNIQUE INDEX "associates_company_cpf_unique" ON "associates" USING btree ("company_id","cpf");--> statement-breakpoint
CREATE INDEX "associates_cpf_idx" ON "associates" USING btree ("cpf");--> statement-breakpoint

-- The member search and the list's order move with the name and CPF (the staff table is small).
DROP INDEX IF EXISTS "users_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_cpf_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_name_idx";--> statement-breakpoint
CREATE INDEX "associates_name_search_idx" ON "associates" USING gin (search_normalize("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "associates_cpf_search_idx" ON "associates" USING gin ("cpf" gin_trgm_ops);--> statement-breakpoint
-- The list's order: Portuguese, without case and accents first (the same expression the list sorts by).
CREATE INDEX "associates_company_name_idx" ON "associates" ("company_id", search_normalize("name"), "name", "id");--> statement-breakpoint

-- Who booked or cancelled through the members' portal, and who acted in the audit trail.
ALTER TABLE "appointments" ADD COLUMN "created_by_associate_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by_associate_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_associate_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_associate_id_associates_id_fk" FOREIGN KEY ("created_by_associate_id") REFERENCES "public"."associates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_associate_id_associates_id_fk" FOREIGN KEY ("cancelled_by_associate_id") REFERENCES "public"."associates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_associate_id_associates_id_fk" FOREIGN KEY ("actor_associate_id") REFERENCES "public"."associates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint

-- Sessions of either realm: a staff account or a club membership, never both.
ALTER TABLE "refresh_tokens" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "associate_id" uuid;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_associate_id_associates_id_fk" FOREIGN KEY ("associate_id") REFERENCES "public"."associates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_associate_idx" ON "refresh_tokens" USING btree ("associate_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_one_realm" CHECK (("refresh_tokens"."user_id" is null) <> ("refresh_tokens"."associate_id" is null));
--> statement-breakpoint

-- Names a club tells apart by eye are one name: "Salões" and "salões" (or "Saloes") cannot be two
-- active categories, nor two active places of a club. Archived rows keep their names. Duplicates
-- already there get a number before the rule is set, so the migration never fails on old data.
UPDATE "categories" AS c SET "name" = c."name" || ' (' || d.n || ')'
  FROM (
    SELECT "id", row_number() OVER (PARTITION BY "company_id", search_normalize(trim("name")) ORDER BY "created_at", "id") AS n
    FROM "categories" WHERE "archived_at" IS NULL
  ) AS d
  WHERE d."id" = c."id" AND d.n > 1;--> statement-breakpoint
UPDATE "places" AS p SET "name" = p."name" || ' (' || d.n || ')'
  FROM (
    SELECT "id", row_number() OVER (PARTITION BY "company_id", search_normalize(trim("name")) ORDER BY "created_at", "id") AS n
    FROM "places" WHERE "archived_at" IS NULL
  ) AS d
  WHERE d."id" = p."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_company_name_unique" ON "categories" ("company_id", search_normalize(trim("name"))) WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "places_company_name_unique" ON "places" ("company_id", search_normalize(trim("name"))) WHERE "archived_at" IS NULL;
