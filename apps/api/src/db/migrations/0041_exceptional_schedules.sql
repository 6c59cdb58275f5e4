CREATE TABLE "exceptional_schedules" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"numero" text NOT NULL,
	"fecha" date,
	"dias_trabajo" integer,
	"dias_descanso" integer,
	"horas_diarias" numeric(4, 2),
	"vigente_desde" date,
	"vigente_hasta" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exceptional_schedules_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "exceptional_schedules_dias_check" CHECK (("exceptional_schedules"."dias_trabajo" is null or "exceptional_schedules"."dias_trabajo" between 1 and 28) and ("exceptional_schedules"."dias_descanso" is null or "exceptional_schedules"."dias_descanso" between 1 and 28)),
	CONSTRAINT "exceptional_schedules_horas_check" CHECK ("exceptional_schedules"."horas_diarias" is null or ("exceptional_schedules"."horas_diarias" > 0 and "exceptional_schedules"."horas_diarias" <= 12)),
	CONSTRAINT "exceptional_schedules_vigencia_check" CHECK ("exceptional_schedules"."vigente_desde" is null or "exceptional_schedules"."vigente_hasta" is null or "exceptional_schedules"."vigente_desde" <= "exceptional_schedules"."vigente_hasta")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "jornada_excepcional_id" uuid;--> statement-breakpoint
ALTER TABLE "exceptional_schedules" ADD CONSTRAINT "exceptional_schedules_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_jornada_excepcional_fk" FOREIGN KEY ("company_id","jornada_excepcional_id") REFERENCES "public"."exceptional_schedules"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_jornada_excepcional_idx" ON "users" USING btree ("company_id","jornada_excepcional_id");--> statement-breakpoint
-- hand-written
-- Row-level security for the new tenant table (see 0010_tenant_rls.sql).
SELECT jornada_apply_tenant_rls();--> statement-breakpoint
-- The company flag applied the exceptional schedule to everyone: each company that had it gets one schedule
-- with its resolution (cycle and daily hours unknown: not checked) and every user of the company is assigned
-- to it, so nothing changes until an administrator narrows it. Before the triggers below: the stored days
-- were evaluated with the same rule and stay valid.
INSERT INTO "exceptional_schedules" ("company_id", "numero", "fecha")
SELECT "id", coalesce(nullif(trim("resolucion_numero"), ''), 'Sin número'), "resolucion_fecha" FROM "companies" WHERE "resolucion";--> statement-breakpoint
UPDATE "users" u SET "jornada_excepcional_id" = e."id" FROM "exceptional_schedules" e WHERE e."company_id" = u."company_id";--> statement-breakpoint
-- The worker's exceptional schedule changes what every stored day of theirs is compared with (0036's trigger, one column more).
DROP TRIGGER "attendance_user_terms_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "attendance_user_terms_changed" AFTER UPDATE OF "exceptuado_descanso_dominical", "horas_semanales", "excluido_limite_jornada",
  "banda_inicio_flexible_minutos", "derecho_alimentacion_hasta", "derecho_alimentacion_modo", "jornada_excepcional_id" ON "users" FOR EACH ROW
  WHEN (OLD.exceptuado_descanso_dominical IS DISTINCT FROM NEW.exceptuado_descanso_dominical OR OLD.horas_semanales IS DISTINCT FROM NEW.horas_semanales
    OR OLD.excluido_limite_jornada IS DISTINCT FROM NEW.excluido_limite_jornada
    OR OLD.banda_inicio_flexible_minutos IS DISTINCT FROM NEW.banda_inicio_flexible_minutos
    OR OLD.derecho_alimentacion_hasta IS DISTINCT FROM NEW.derecho_alimentacion_hasta
    OR OLD.derecho_alimentacion_modo IS DISTINCT FROM NEW.derecho_alimentacion_modo
    OR OLD.jornada_excepcional_id IS DISTINCT FROM NEW.jornada_excepcional_id)
  EXECUTE FUNCTION "attendance_user_changed"();--> statement-breakpoint
-- A schedule's resolution, cycle, daily hours or validity change the days of everyone assigned to it (as a site's zone does).
CREATE FUNCTION "attendance_exceptional_schedule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(array_agg(u.company_id), array_agg(u.id), array_agg('1900-01-01'::date), array_agg('2100-12-31'::date))
  FROM users u WHERE u.company_id = NEW.company_id AND u.jornada_excepcional_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_exceptional_schedule_changed" AFTER UPDATE ON "exceptional_schedules" FOR EACH ROW
  WHEN (OLD.numero IS DISTINCT FROM NEW.numero OR OLD.dias_trabajo IS DISTINCT FROM NEW.dias_trabajo OR OLD.dias_descanso IS DISTINCT FROM NEW.dias_descanso
    OR OLD.horas_diarias IS DISTINCT FROM NEW.horas_diarias OR OLD.vigente_desde IS DISTINCT FROM NEW.vigente_desde OR OLD.vigente_hasta IS DISTINCT FROM NEW.vigente_hasta)
  EXECUTE FUNCTION "attendance_exceptional_schedule_changed"();
