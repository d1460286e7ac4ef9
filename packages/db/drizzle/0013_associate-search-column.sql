-- The associate search and the list's order read a stored, already-normalised name: no name is
-- unaccented again at query time, row after row.
ALTER TABLE "associates" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_normalize("name")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "associates_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "associates_company_name_idx";--> statement-breakpoint
CREATE INDEX "associates_search_name_idx" ON "associates" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "associates_company_name_idx" ON "associates" ("company_id", "search_name", "name", "id");
