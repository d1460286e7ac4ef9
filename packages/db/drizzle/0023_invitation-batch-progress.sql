-- A bulk invitation's progress kept on one row per batch (docs/decisions/018): the queueing
-- statements add to `total`, the outbox's sender adds to `done` or `failed` in the statement that
-- settles a message. Reading the progress reads this one row, whatever the batch's size.

CREATE TABLE "invitation_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_batches" ADD CONSTRAINT "invitation_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_batches_company_created_idx" ON "invitation_batches" USING btree ("company_id","created_at");--> statement-breakpoint
INSERT INTO "invitation_batches" ("id", "company_id", "total", "done", "failed", "created_at")
SELECT "batch_id", "company_id", count(*)::int,
	(count(*) FILTER (WHERE "status" IN ('sent', 'kept')))::int,
	(count(*) FILTER (WHERE "status" = 'failed'))::int,
	min("created_at")
FROM "outbox_messages"
WHERE "batch_id" IS NOT NULL AND "company_id" IS NOT NULL
GROUP BY "batch_id", "company_id";
