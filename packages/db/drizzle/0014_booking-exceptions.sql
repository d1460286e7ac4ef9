-- A booking staff made despite a rule the club may waive (quota, window, waiting period, age, a
-- title suspension): the reason they wrote. Null for every booking made within the rules.

ALTER TABLE "appointments" ADD COLUMN "exception_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_exception_reason_length" CHECK ("exception_reason" is null or char_length("exception_reason") between 1 and 500);
