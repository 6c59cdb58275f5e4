CREATE TABLE "payroll_period_rows" (
	"company_id" uuid NOT NULL,
	"periodo" text NOT NULL,
	"user_id" uuid NOT NULL,
	"row" jsonb NOT NULL,
	"weeks" jsonb NOT NULL,
	CONSTRAINT "payroll_period_rows_pkey" PRIMARY KEY("company_id","periodo","user_id")
);
--> statement-breakpoint
ALTER TABLE "payroll_period_rows" ADD CONSTRAINT "payroll_period_rows_period_fk" FOREIGN KEY ("company_id","periodo") REFERENCES "public"."payroll_periods"("company_id","periodo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT jornada_apply_tenant_rls();
--> statement-breakpoint
-- The engine now counts ordinary time over the agreed weekly hours as overtime (art. 30): the stored
-- days of months not closed for payroll are evaluated again on their next read. Closed months keep
-- what they reported (their rows are frozen on first read: payroll_period_rows).
SELECT set_config('jornada.company_id', '*', true);
--> statement-breakpoint
UPDATE "attendance_days" a SET "stale" = true
WHERE NOT EXISTS (
  SELECT 1 FROM "payroll_periods" p
  WHERE p."company_id" = a."company_id" AND p."closed_at" IS NOT NULL AND p."periodo" = to_char(a."fecha", 'YYYYMM')
);
