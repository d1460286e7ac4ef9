-- A member's phone, kept by the club's staff (docs/domain.md, Associate), and the people who may
-- create clubs from the app: administrators of the server, set by the command line
-- (`set-server-admin`) or the demo seed (docs/decisions/030-server-administrators-create-clubs.md).

ALTER TABLE "associates" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "associates" ADD CONSTRAINT "associates_phone_length" CHECK ("phone" IS NULL OR length("phone") BETWEEN 8 AND 20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_server_admin" boolean DEFAULT false NOT NULL;
