ALTER TABLE "users" ADD COLUMN "excluido_limite_jornada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written
-- Being excluded from the hours limit (art. 22 inc. 2: no lateness, missing time nor overtime, a planned
-- day without marks is no absence) changes how every stored day of the worker was evaluated, like the
-- Sunday-rest regime and the agreed weekly hours (0031_sunday_rest_exception.sql): the same trigger, one column more.
DROP TRIGGER "attendance_user_terms_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "attendance_user_terms_changed" AFTER UPDATE OF "exceptuado_descanso_dominical", "horas_semanales", "excluido_limite_jornada" ON "users" FOR EACH ROW
  WHEN (OLD.exceptuado_descanso_dominical IS DISTINCT FROM NEW.exceptuado_descanso_dominical OR OLD.horas_semanales IS DISTINCT FROM NEW.horas_semanales
    OR OLD.excluido_limite_jornada IS DISTINCT FROM NEW.excluido_limite_jornada)
  EXECUTE FUNCTION "attendance_user_changed"();
