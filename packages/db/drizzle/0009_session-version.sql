-- Access tokens carry the session version of the account or membership they were issued for;
-- ending a person's sessions (sign-out, a password change or reset) increments it, so every
-- access token already issued stops opening anything on its next request.

ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "associates" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;
