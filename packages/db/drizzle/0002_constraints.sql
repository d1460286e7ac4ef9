-- What drizzle-kit cannot express in the schema file.

-- No two SCHEDULED appointments of one place may overlap, whatever races happen in the API.
-- SQLSTATE 23P01 (exclusion_violation) is answered as TimeAlreadyTaken.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("place_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'SCHEDULED');--> statement-breakpoint

-- Associate search: name case- and accent-insensitive, by substring (trigrams).
CREATE INDEX "users_name_search_idx" ON "users" USING gin (search_normalize("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_cpf_search_idx" ON "users" USING gin ("cpf" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "associates_card_search_idx" ON "associates" USING gin ("card_id" gin_trgm_ops);
