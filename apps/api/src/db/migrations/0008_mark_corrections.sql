CREATE TYPE "public"."correction_event" AS ENUM('propuesta', 'aceptada', 'objetada', 'anulada', 'consolidada');--> statement-breakpoint
CREATE TYPE "public"."correction_status" AS ENUM('pendiente', 'consolidada', 'objetada', 'anulada');--> statement-breakpoint
CREATE TABLE "mark_correction_events" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"correction_id" uuid NOT NULL,
	"event" "correction_event" NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"note" text,
	CONSTRAINT "mark_correction_events_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "mark_corrections" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"attempt_id" uuid,
	"kind" "mark_kind" NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" "correction_status" DEFAULT 'pendiente' NOT NULL,
	"objection" text,
	"objected_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"annulled_at" timestamp with time zone,
	"annulled_by" uuid,
	"annul_reason" text,
	"consolidated_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"mark_id" uuid,
	CONSTRAINT "mark_corrections_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "mark_correction_events" ADD CONSTRAINT "mark_correction_events_correction_fk" FOREIGN KEY ("company_id","correction_id") REFERENCES "public"."mark_corrections"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_corrections" ADD CONSTRAINT "mark_corrections_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_correction_events_correction_idx" ON "mark_correction_events" USING btree ("company_id","correction_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "mark_corrections_attempt_live_key" ON "mark_corrections" USING btree ("company_id","attempt_id") WHERE "mark_corrections"."attempt_id" is not null and "mark_corrections"."status" in ('pendiente', 'consolidada');--> statement-breakpoint
CREATE INDEX "mark_corrections_user_idx" ON "mark_corrections" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "mark_corrections_company_idx" ON "mark_corrections" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "mark_corrections_due_idx" ON "mark_corrections" USING btree ("company_id","deadline") WHERE "mark_corrections"."status" = 'pendiente';--> statement-breakpoint
-- A correction only moves forward from 'pendiente' and its proposal never changes; none is ever deleted.
CREATE FUNCTION "mark_corrections_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Las correcciones de marcas no se pueden borrar.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pendiente' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'Una corrección % no puede cambiar de estado.', OLD.status USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.company_id, NEW.id, NEW.user_id, NEW.attempt_id, NEW.kind, NEW.proposed_at, NEW.time_zone, NEW.reason, NEW.requested_by, NEW.created_at, NEW.deadline)
     IS DISTINCT FROM
     (OLD.company_id, OLD.id, OLD.user_id, OLD.attempt_id, OLD.kind, OLD.proposed_at, OLD.time_zone, OLD.reason, OLD.requested_by, OLD.created_at, OLD.deadline) THEN
    RAISE EXCEPTION 'La propuesta de una corrección no se puede modificar.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "mark_corrections_forward_only" BEFORE UPDATE OR DELETE ON "mark_corrections" FOR EACH ROW EXECUTE FUNCTION "mark_corrections_guard"();--> statement-breakpoint
CREATE FUNCTION "mark_correction_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El historial de una corrección no se puede modificar ni borrar (% rechazado).', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "mark_correction_events_no_update_delete" BEFORE UPDATE OR DELETE ON "mark_correction_events" FOR EACH ROW EXECUTE FUNCTION "mark_correction_events_refuse_change"();
