CREATE TABLE "company_holidays" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"fecha" date NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text DEFAULT 'empresa' NOT NULL,
	"irrenunciable" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" uuid,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "company_holidays_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "company_holidays_tipo_check" CHECK ("company_holidays"."tipo" in ('nacional', 'empresa'))
);
--> statement-breakpoint
ALTER TABLE "company_holidays" ADD CONSTRAINT "company_holidays_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_holidays_company_fecha_key" ON "company_holidays" USING btree ("company_id","fecha") WHERE "company_holidays"."deleted_at" is null;--> statement-breakpoint
-- hand-written
-- A company holiday added or removed changes how every worker of the company was evaluated on that
-- date (a planned shift on a holiday is lifted) and on the day before (a night shift's hours that fall
-- on the holiday): mark their stored days stale up to that week's Sunday, in the same transaction, so
-- the recompute job evaluates them again with the new calendar (see 0015_attendance_days.sql).
CREATE FUNCTION "attendance_company_holiday_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(array_agg(u.company_id), array_agg(u.id), array_agg(NEW.fecha - 1), array_agg(NEW.fecha))
  FROM users u WHERE u.company_id = NEW.company_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_company_holiday_added" AFTER INSERT ON "company_holidays" FOR EACH ROW
  EXECUTE FUNCTION "attendance_company_holiday_changed"();--> statement-breakpoint
CREATE TRIGGER "attendance_company_holiday_removed" AFTER UPDATE OF "deleted_at" ON "company_holidays" FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION "attendance_company_holiday_changed"();--> statement-breakpoint
-- Row-level security for the new tenant table (see 0010_tenant_rls.sql).
SELECT jornada_apply_tenant_rls();
