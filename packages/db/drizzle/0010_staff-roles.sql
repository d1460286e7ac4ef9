-- Roles per club membership of staff: what each person may do in each club (Administrador,
-- Recepção, Consulta; packages/shared/src/permissions.ts). Until now every staff member could do
-- everything, so every existing membership becomes an administrator's.
ALTER TABLE "company_staff" ADD COLUMN "role" text DEFAULT 'administrador' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_staff" ADD CONSTRAINT "company_staff_role_valid" CHECK ("company_staff"."role" in ('administrador', 'recepcao', 'consulta'));--> statement-breakpoint
-- A one-time password an administrator gave a new staff member: replaced at the first sign-in.
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
