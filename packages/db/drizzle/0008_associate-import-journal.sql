-- Associates import journal: a real import stages its checked rows, then writes them in bounded
-- batches; an import found applying after a crash is rolled forward (docs/decisions/007).

CREATE TABLE "associate_import_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"existing" boolean NOT NULL,
	"cpf" varchar(11) NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"card_id" varchar(20) NOT NULL,
	"title" text NOT NULL,
	"is_holder" boolean NOT NULL,
	"birth_date" date NOT NULL,
	"blocked" boolean,
	CONSTRAINT "associate_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "associate_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"status" text DEFAULT 'staging' NOT NULL,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "associate_imports_status" CHECK ("associate_imports"."status" in ('staging','applying','applied','abandoned'))
);
--> statement-breakpoint
ALTER TABLE "associate_import_rows" ADD CONSTRAINT "associate_import_rows_import_id_associate_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."associate_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associate_imports" ADD CONSTRAINT "associate_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associate_imports" ADD CONSTRAINT "associate_imports_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "associate_imports_status_idx" ON "associate_imports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "associate_imports_company_idx" ON "associate_imports" USING btree ("company_id");