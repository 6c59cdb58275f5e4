ALTER TABLE "attendance_days" ADD COLUMN "sunday_holiday_work" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Pay counts each Sunday and holiday worked once, by the clock, in the month that holds it: the days
-- whose work touched one are evaluated again on their next read to store which dates. Closed months
-- keep what they reported (payroll_period_rows).
SELECT set_config('jornada.company_id', '*', true);
--> statement-breakpoint
UPDATE "attendance_days" a SET "stale" = true
WHERE (a."sunday_seconds" > 0 OR a."holiday_seconds" > 0)
  AND NOT EXISTS (
    SELECT 1 FROM "payroll_periods" p
    WHERE p."company_id" = a."company_id" AND p."closed_at" IS NOT NULL AND p."periodo" = to_char(a."fecha", 'YYYYMM')
  );
