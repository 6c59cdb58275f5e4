CREATE TYPE "public"."attendance_status" AS ENUM('presente', 'ausente', 'justificado', 'libre', 'feriado', 'incompleto');--> statement-breakpoint
CREATE TABLE "attendance_days" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"status" "attendance_status" NOT NULL,
	"plan_kind" text NOT NULL,
	"planned_seconds" double precision NOT NULL,
	"worked_seconds" double precision NOT NULL,
	"ordinary_seconds" double precision NOT NULL,
	"missing_seconds" double precision NOT NULL,
	"justified_seconds" double precision NOT NULL,
	"late_seconds" double precision NOT NULL,
	"early_leave_seconds" double precision NOT NULL,
	"break_seconds" double precision NOT NULL,
	"overtime_seconds" double precision NOT NULL,
	"overtime_within_limit_seconds" double precision NOT NULL,
	"overtime_beyond_limit_seconds" double precision NOT NULL,
	"sunday_seconds" double precision NOT NULL,
	"holiday_seconds" double precision NOT NULL,
	"inconsistency_count" integer NOT NULL,
	"inconsistency_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"shift_start" timestamp with time zone,
	"shift_end" timestamp with time zone,
	"first_entry" timestamp with time zone,
	"last_exit" timestamp with time zone,
	"week_compensated_seconds" double precision,
	"week_shortfall_seconds" double precision,
	"week_late_after_seconds" double precision,
	"week_early_leave_after_seconds" double precision,
	"week_net_overtime_seconds" double precision,
	"week_net_overtime_within_seconds" double precision,
	"week_net_overtime_beyond_seconds" double precision,
	"week_pending_seconds" double precision,
	"week" jsonb,
	"result" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	"invalidated_at" timestamp with time zone,
	CONSTRAINT "attendance_days_pkey" PRIMARY KEY("company_id","user_id","fecha")
);
--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_days_date_idx" ON "attendance_days" USING btree ("company_id","fecha");--> statement-breakpoint
CREATE INDEX "attendance_days_stale_idx" ON "attendance_days" USING btree ("company_id","user_id","fecha") WHERE "attendance_days"."stale";--> statement-breakpoint
-- Invalidation of stored attendance days, in the transaction of the change that makes them wrong.
-- A change of (company, user, lo..hi) marks stale the stored days from lo to the Sunday after hi
-- (weeks are settled whole: a Monday's change moves its Sunday's compensation) and, when it marked
-- any, queues one recompute job per company unless one is already waiting (modules/attendance).
CREATE FUNCTION "attendance_invalidate"(p_company uuid[], p_user uuid[], p_lo date[], p_hi date[]) RETURNS void LANGUAGE sql AS $$
  WITH r AS (
    SELECT * FROM unnest(p_company, p_user, p_lo, p_hi) AS r(company_id, user_id, lo, hi)
  ), flipped AS (
    UPDATE attendance_days a SET stale = true, invalidated_at = clock_timestamp()
    FROM r
    WHERE a.company_id = r.company_id AND a.user_id = r.user_id
      AND a.fecha >= r.lo AND a.fecha <= r.hi + (7 - extract(isodow FROM r.hi)::int)
    RETURNING a.company_id
  )
  -- Due at once whatever the API's clock says (the queue compares run_at with its own clock).
  INSERT INTO jobs (kind, payload, run_at, created_at)
  SELECT 'asistencia-recalcular', jsonb_build_object('companyId', f.c), '-infinity'::timestamptz, now()
  FROM (SELECT DISTINCT company_id AS c FROM flipped) f
  WHERE NOT EXISTS (
    SELECT 1 FROM jobs j
    WHERE j.kind = 'asistencia-recalcular' AND j.done_at IS NULL AND j.locked_until IS NULL AND j.payload->>'companyId' = f.c::text
  );
$$;--> statement-breakpoint
-- A mark's local date is its UTC date or the day before (Chilean zones are UTC-3 to UTC-6); a night
-- shift's marks belong to the day before: from two days before its UTC date to the day after.
CREATE FUNCTION "attendance_marks_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(array_agg(company_id), array_agg(user_id), array_agg(lo), array_agg(hi))
  FROM (
    SELECT company_id, user_id, min((coalesce(original_at, at) AT TIME ZONE 'UTC')::date) - 2 AS lo, max((coalesce(original_at, at) AT TIME ZONE 'UTC')::date) + 1 AS hi
    FROM new_rows GROUP BY company_id, user_id
  ) x;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_marks_stale" AFTER INSERT ON "marks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_marks_inserted"();--> statement-breakpoint
-- A plan day changes its own evaluation, the day before's (its night shift's marks) and the day after's.
CREATE FUNCTION "attendance_plan_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(array_agg(company_id), array_agg(user_id), array_agg(lo), array_agg(hi))
  FROM (SELECT company_id, user_id, min(date) - 1 AS lo, max(date) + 1 AS hi FROM changed_rows GROUP BY company_id, user_id) x;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_plan_inserted" AFTER INSERT ON "planning_days" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_plan_changed"();--> statement-breakpoint
CREATE TRIGGER "attendance_plan_updated" AFTER UPDATE ON "planning_days" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_plan_changed"();--> statement-breakpoint
CREATE TRIGGER "attendance_plan_deleted" AFTER DELETE ON "planning_days" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_plan_changed"();--> statement-breakpoint
-- A worker's site (zone, holidays) or contract dates change every stored day of theirs.
CREATE FUNCTION "attendance_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(ARRAY[NEW.company_id], ARRAY[NEW.id], ARRAY['1900-01-01'::date], ARRAY['2100-12-31'::date]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_user_changed" AFTER UPDATE OF "site_id", "inicio_contrato", "fin_contrato" ON "users" FOR EACH ROW
  WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id OR OLD.inicio_contrato IS DISTINCT FROM NEW.inicio_contrato OR OLD.fin_contrato IS DISTINCT FROM NEW.fin_contrato)
  EXECUTE FUNCTION "attendance_user_changed"();--> statement-breakpoint
-- A site's zone or region changes the days of everyone assigned to it.
CREATE FUNCTION "attendance_site_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(array_agg(u.company_id), array_agg(u.id), array_agg('1900-01-01'::date), array_agg('2100-12-31'::date))
  FROM users u WHERE u.company_id = NEW.company_id AND u.site_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_site_changed" AFTER UPDATE OF "time_zone", "region", "comuna" ON "sites" FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone OR OLD.region IS DISTINCT FROM NEW.region OR OLD.comuna IS DISTINCT FROM NEW.comuna)
  EXECUTE FUNCTION "attendance_site_changed"();--> statement-breakpoint
SELECT jornada_apply_tenant_rls();
