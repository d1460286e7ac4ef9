-- A booking's calendar event is updated, not duplicated, when the club moves it: the `.ics` of
-- every message keeps one UID per booking and carries this SEQUENCE, raised by each move
-- (RFC 5545 §3.8.7.4). Existing bookings were never sent a changed event: they start at 0.

ALTER TABLE "appointments" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;
