-- Indexes the calendar and member screens read through (measured on the benchmark's large club:
-- docs/performance.md).

-- Blocked times overlapping a period, of one place or of a whole club: a range index answers
-- `tstzrange(starts_at, ends_at) && period` without walking every older block.
CREATE INDEX "blocked_times_place_period_idx" ON "blocked_times" USING gist ("place_id", tstzrange("starts_at", "ends_at", '[)'));--> statement-breakpoint
CREATE INDEX "blocked_times_company_period_idx" ON "blocked_times" USING gist ("company_id", tstzrange("starts_at", "ends_at", '[)'));--> statement-breakpoint

-- The associates list is ordered by name: page 1 (and page 200) read the first rows of this index
-- instead of sorting every member of the club.
CREATE INDEX "users_name_idx" ON "users" ("name", "id");
