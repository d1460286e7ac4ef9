-- A staff invitation is a link of its own kind: it lives longer (7 days) than a password link
-- asked for on a sign-in page (30 minutes).
ALTER TABLE "account_links" DROP CONSTRAINT "account_links_purpose";--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_purpose" CHECK ("account_links"."purpose" in ('first-access','reset','invitation','staff-invitation'));
