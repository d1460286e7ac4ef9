-- Why the club cancelled a booking (a block's reason), shown to staff and to the member.

ALTER TABLE "appointments" ADD COLUMN "cancellation_reason" text;
