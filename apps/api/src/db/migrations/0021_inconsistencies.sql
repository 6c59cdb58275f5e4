CREATE TABLE "inconsistency_dismissals" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"dismissed_by" uuid NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	"reopened_by" uuid,
	"reopened_at" timestamp with time zone,
	CONSTRAINT "inconsistency_dismissals_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "mark_corrections" ADD COLUMN "corrects_mark_id" uuid;--> statement-breakpoint
ALTER TABLE "inconsistency_dismissals" ADD CONSTRAINT "inconsistency_dismissals_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inconsistency_dismissals_open_key" ON "inconsistency_dismissals" USING btree ("company_id","user_id","fecha","code") WHERE "inconsistency_dismissals"."reopened_at" is null;--> statement-breakpoint
CREATE INDEX "inconsistency_dismissals_day_idx" ON "inconsistency_dismissals" USING btree ("company_id","user_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "mark_corrections_mark_live_key" ON "mark_corrections" USING btree ("company_id","corrects_mark_id") WHERE "mark_corrections"."corrects_mark_id" is not null and "mark_corrections"."status" in ('pendiente', 'consolidada');
--> statement-breakpoint
-- hand-written
-- The corrected mark is part of the proposal: it never changes once proposed (as the other fields).
CREATE OR REPLACE FUNCTION "mark_corrections_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Las correcciones de marcas no se pueden borrar.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pendiente' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'Una corrección % no puede cambiar de estado.', OLD.status USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.company_id, NEW.id, NEW.user_id, NEW.attempt_id, NEW.corrects_mark_id, NEW.kind, NEW.proposed_at, NEW.time_zone, NEW.reason, NEW.requested_by, NEW.created_at, NEW.deadline)
     IS DISTINCT FROM
     (OLD.company_id, OLD.id, OLD.user_id, OLD.attempt_id, OLD.corrects_mark_id, OLD.kind, OLD.proposed_at, OLD.time_zone, OLD.reason, OLD.requested_by, OLD.created_at, OLD.deadline) THEN
    RAISE EXCEPTION 'La propuesta de una corrección no se puede modificar.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A dismissal is a log entry: never deleted; its who/when/why never change; it is reopened once.
CREATE FUNCTION "inconsistency_dismissals_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'El registro de inconsistencias descartadas no se puede borrar.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.reopened_at IS NOT NULL
     OR (NEW.company_id, NEW.id, NEW.user_id, NEW.fecha, NEW.code, NEW.reason, NEW.dismissed_by, NEW.dismissed_at)
        IS DISTINCT FROM (OLD.company_id, OLD.id, OLD.user_id, OLD.fecha, OLD.code, OLD.reason, OLD.dismissed_by, OLD.dismissed_at) THEN
    RAISE EXCEPTION 'Un descarte solo se puede reabrir una vez y sin cambiar sus datos.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "inconsistency_dismissals_log_only" BEFORE UPDATE OR DELETE ON "inconsistency_dismissals" FOR EACH ROW EXECUTE FUNCTION "inconsistency_dismissals_guard"();--> statement-breakpoint
SELECT jornada_apply_tenant_rls();
