ALTER TABLE "users" ADD COLUMN "banda_inicio_flexible_minutos" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "derecho_alimentacion_hasta" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "derecho_alimentacion_modo" text DEFAULT 'fin' NOT NULL;--> statement-breakpoint
-- hand-written
-- The parents' rights on the contract (art. 27 flexible start band, Ley 21.561; art. 206 feeding hour) change
-- what every stored day of the worker expected of them, like the regimes of 0031 and 0033: the same trigger,
-- three columns more.
DROP TRIGGER "attendance_user_terms_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "attendance_user_terms_changed" AFTER UPDATE OF "exceptuado_descanso_dominical", "horas_semanales", "excluido_limite_jornada",
  "banda_inicio_flexible_minutos", "derecho_alimentacion_hasta", "derecho_alimentacion_modo" ON "users" FOR EACH ROW
  WHEN (OLD.exceptuado_descanso_dominical IS DISTINCT FROM NEW.exceptuado_descanso_dominical OR OLD.horas_semanales IS DISTINCT FROM NEW.horas_semanales
    OR OLD.excluido_limite_jornada IS DISTINCT FROM NEW.excluido_limite_jornada
    OR OLD.banda_inicio_flexible_minutos IS DISTINCT FROM NEW.banda_inicio_flexible_minutos
    OR OLD.derecho_alimentacion_hasta IS DISTINCT FROM NEW.derecho_alimentacion_hasta
    OR OLD.derecho_alimentacion_modo IS DISTINCT FROM NEW.derecho_alimentacion_modo)
  EXECUTE FUNCTION "attendance_user_changed"();
