ALTER TABLE "users" ADD COLUMN "exceptuado_descanso_dominical_desde" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exceptuado_descanso_dominical_hasta" date;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "compensatory_rest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The exception's dates change which holidays lift a planned shift and which Sundays owe rest: every stored day
-- of the worker is evaluated again (0041's trigger, as 0050 left it, two columns more).
DROP TRIGGER "attendance_user_terms_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "attendance_user_terms_changed" AFTER UPDATE OF "exceptuado_descanso_dominical", "exceptuado_descanso_dominical_desde",
  "exceptuado_descanso_dominical_hasta", "horas_semanales", "excluido_limite_jornada",
  "banda_inicio_flexible_minutos", "derecho_alimentacion_hasta", "derecho_alimentacion_modo", "jornada_excepcional_id",
  "jornada_promedio_semanas", "jornada_promedio_desde", "jornada_promedio_hasta" ON "users" FOR EACH ROW
  WHEN (OLD.exceptuado_descanso_dominical IS DISTINCT FROM NEW.exceptuado_descanso_dominical
    OR OLD.exceptuado_descanso_dominical_desde IS DISTINCT FROM NEW.exceptuado_descanso_dominical_desde
    OR OLD.exceptuado_descanso_dominical_hasta IS DISTINCT FROM NEW.exceptuado_descanso_dominical_hasta
    OR OLD.horas_semanales IS DISTINCT FROM NEW.horas_semanales
    OR OLD.excluido_limite_jornada IS DISTINCT FROM NEW.excluido_limite_jornada
    OR OLD.banda_inicio_flexible_minutos IS DISTINCT FROM NEW.banda_inicio_flexible_minutos
    OR OLD.derecho_alimentacion_hasta IS DISTINCT FROM NEW.derecho_alimentacion_hasta
    OR OLD.derecho_alimentacion_modo IS DISTINCT FROM NEW.derecho_alimentacion_modo
    OR OLD.jornada_excepcional_id IS DISTINCT FROM NEW.jornada_excepcional_id
    OR OLD.jornada_promedio_semanas IS DISTINCT FROM NEW.jornada_promedio_semanas
    OR OLD.jornada_promedio_desde IS DISTINCT FROM NEW.jornada_promedio_desde
    OR OLD.jornada_promedio_hasta IS DISTINCT FROM NEW.jornada_promedio_hasta)
  EXECUTE FUNCTION "attendance_user_changed"();
