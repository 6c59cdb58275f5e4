ALTER TABLE "companies" ADD COLUMN "recargo_dominical_porcentaje" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exceptuado_descanso_dominical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written
-- The law's floor and a sane ceiling for the Sunday surcharge (art. 38, Ley 20.823: at least 30 %); the API says so in Spanish first.
ALTER TABLE "companies" ADD CONSTRAINT "companies_recargo_dominical_check" CHECK ("recargo_dominical_porcentaje" BETWEEN 30 AND 100);--> statement-breakpoint
-- A worker's Sunday-rest regime (art. 38: a planned holiday shift is ordinary time) and agreed weekly
-- hours (art. 30: planned time over them is overtime) change how every stored day of theirs was
-- evaluated, like a change of site or contract dates (0015_attendance_days.sql).
CREATE TRIGGER "attendance_user_terms_changed" AFTER UPDATE OF "exceptuado_descanso_dominical", "horas_semanales" ON "users" FOR EACH ROW
  WHEN (OLD.exceptuado_descanso_dominical IS DISTINCT FROM NEW.exceptuado_descanso_dominical OR OLD.horas_semanales IS DISTINCT FROM NEW.horas_semanales)
  EXECUTE FUNCTION "attendance_user_changed"();
