CREATE TYPE "public"."incident_origin" AS ENUM('manual', 'detectado');--> statement-breakpoint
CREATE TYPE "public"."incident_state" AS ENUM('propuesto', 'confirmado', 'descartado');--> statement-breakpoint
CREATE TABLE "daily_report_runs" (
	"company_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"recipients" text[],
	CONSTRAINT "daily_report_runs_pkey" PRIMARY KEY("company_id","fecha")
);
--> statement-breakpoint
CREATE TABLE "system_heartbeats" (
	"name" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technical_incidents" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"state" "incident_state" NOT NULL,
	"origin" "incident_origin" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "technical_incidents_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "daily_report_runs" ADD CONSTRAINT "daily_report_runs_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_incidents" ADD CONSTRAINT "technical_incidents_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technical_incidents_company_start_idx" ON "technical_incidents" USING btree ("company_id","starts_at");
--> statement-breakpoint
-- hand-written
-- The new company tables get the tenant policies (migration tenant_rls).
SELECT jornada_apply_tenant_rls();
