CREATE TYPE "public"."payroll_period_action" AS ENUM('cierre', 'reapertura');--> statement-breakpoint
CREATE TABLE "payroll_period_events" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"periodo" text NOT NULL,
	"accion" "payroll_period_action" NOT NULL,
	"user_id" uuid NOT NULL,
	"motivo" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_period_events_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "payroll_periods" (
	"company_id" uuid NOT NULL,
	"periodo" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"reopened_at" timestamp with time zone,
	"reopened_by" uuid,
	"reopen_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_periods_pkey" PRIMARY KEY("company_id","periodo")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "numero_contrato" text;--> statement-breakpoint
ALTER TABLE "payroll_period_events" ADD CONSTRAINT "payroll_period_events_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_period_events" ADD CONSTRAINT "payroll_period_events_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_periods" ADD CONSTRAINT "payroll_periods_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_periods" ADD CONSTRAINT "payroll_periods_closed_by_fk" FOREIGN KEY ("company_id","closed_by") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_periods" ADD CONSTRAINT "payroll_periods_reopened_by_fk" FOREIGN KEY ("company_id","reopened_by") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_period_events_periodo_idx" ON "payroll_period_events" USING btree ("company_id","periodo","at");
--> statement-breakpoint
-- hand-written
SELECT jornada_apply_tenant_rls();
