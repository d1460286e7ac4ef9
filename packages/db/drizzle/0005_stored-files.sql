-- Uploaded files (place photos, club logos) move from one process's disk (DATA_DIR/uploads) into
-- the database, so every API process on one PostgreSQL serves them and a database backup holds
-- them. Files already on disk are copied in by the server at start-up (SQL cannot read them).

CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_matches" CHECK ("stored_files"."size" = octet_length("stored_files"."bytes"))
);--> statement-breakpoint
-- The files are WebP, already compressed: out-of-line storage without another compression pass.
ALTER TABLE "stored_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
