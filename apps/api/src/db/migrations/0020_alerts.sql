CREATE TABLE "alert_settings" (
	"company_id" uuid NOT NULL,
	"missed_mark" boolean NOT NULL,
	"missed_break" boolean NOT NULL,
	"daily_limit" boolean NOT NULL,
	"weekly_limit" boolean NOT NULL,
	"copy_admins" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "alert_settings_pkey" PRIMARY KEY("company_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"alert_key" text NOT NULL,
	"fecha" date NOT NULL,
	"time_zone" text NOT NULL,
	"expected_at" timestamp with time zone,
	"worked_seconds" double precision,
	"limit_seconds" double precision,
	"detected_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"recipient" text,
	"copies" text[],
	CONSTRAINT "alerts_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_key" ON "alerts" USING btree ("company_id","alert_key");--> statement-breakpoint
CREATE INDEX "alerts_detected_idx" ON "alerts" USING btree ("company_id","detected_at");
--> statement-breakpoint
-- hand-written
-- Row-level security for the two new tenant tables (migration tenant_rls).
SELECT jornada_apply_tenant_rls();
