CREATE TYPE "public"."overtime_decision" AS ENUM('aprobado', 'rechazado');--> statement-breakpoint
CREATE TABLE "overtime_approvals" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"found_seconds" double precision NOT NULL,
	"approved_seconds" double precision NOT NULL,
	"estado" "overtime_decision" NOT NULL,
	"motivo" text,
	"pact_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "overtime_approvals_pkey" PRIMARY KEY("company_id","user_id","fecha")
);
--> statement-breakpoint
CREATE TABLE "overtime_pact_documents" (
	"company_id" uuid NOT NULL,
	"pact_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"tamano" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "overtime_pact_documents_pkey" PRIMARY KEY("company_id","pact_id")
);
--> statement-breakpoint
CREATE TABLE "overtime_pacts" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"max_seconds_per_day" integer NOT NULL,
	"comentario" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "overtime_pacts_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "overtime_approvals" ADD CONSTRAINT "overtime_approvals_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_pact_documents" ADD CONSTRAINT "overtime_pact_documents_pact_fk" FOREIGN KEY ("company_id","pact_id") REFERENCES "public"."overtime_pacts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_pacts" ADD CONSTRAINT "overtime_pacts_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overtime_approvals_date_idx" ON "overtime_approvals" USING btree ("company_id","fecha");--> statement-breakpoint
CREATE INDEX "overtime_approvals_approved_idx" ON "overtime_approvals" USING btree ("company_id","user_id","fecha") WHERE "overtime_approvals"."estado" = 'aprobado';--> statement-breakpoint
CREATE INDEX "overtime_pacts_user_idx" ON "overtime_pacts" USING btree ("company_id","user_id","desde");--> statement-breakpoint
CREATE INDEX "overtime_pacts_hasta_idx" ON "overtime_pacts" USING btree ("company_id","hasta");--> statement-breakpoint
-- hand-written
-- The new tenant tables get the row-level security policy of every company table (migration 0010).
SELECT jornada_apply_tenant_rls();
