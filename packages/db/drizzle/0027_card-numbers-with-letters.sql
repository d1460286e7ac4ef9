-- Card numbers as clubs print them: letters and digits, letters in capitals ("BR00001"), up to
-- the column's 20 characters (docs/decisions/029-card-numbers-with-letters.md). Every card kept
-- so far is digits only and passes the new rule.

ALTER TABLE "associates" DROP CONSTRAINT "associates_card_digits";--> statement-breakpoint
ALTER TABLE "associates" ADD CONSTRAINT "associates_card_letters_digits" CHECK ("associates"."card_id" ~ '^[A-Z0-9]+$');
