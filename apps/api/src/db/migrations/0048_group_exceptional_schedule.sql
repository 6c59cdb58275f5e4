ALTER TABLE "groups" ADD COLUMN "jornada_excepcional_id" uuid;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_jornada_excepcional_fk" FOREIGN KEY ("company_id","jornada_excepcional_id") REFERENCES "public"."exceptional_schedules"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_jornada_excepcional_idx" ON "groups" USING btree ("company_id","jornada_excepcional_id");--> statement-breakpoint
-- hand-written
-- A worker's exceptional schedule in force is their own, else their group's (art. 38 inc. final: the DT resolution
-- names workers or groups). Every change of that makes their stored days stale, as a change of their own does (0041).
-- A schedule's resolution, cycle, daily hours or validity change the days of everyone under it, directly or through a group.
CREATE OR REPLACE FUNCTION "attendance_exceptional_schedule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(array_agg(u.company_id), array_agg(u.id), array_agg('1900-01-01'::date), array_agg('2100-12-31'::date))
  FROM users u WHERE u.company_id = NEW.company_id AND (u.jornada_excepcional_id = NEW.id OR (u.jornada_excepcional_id IS NULL
    AND u.group_id IN (SELECT g.id FROM groups g WHERE g.company_id = NEW.company_id AND g.jornada_excepcional_id = NEW.id)));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A group's schedule changes the days of its members without one of their own.
CREATE FUNCTION "attendance_group_schedule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(array_agg(u.company_id), array_agg(u.id), array_agg('1900-01-01'::date), array_agg('2100-12-31'::date))
  FROM users u WHERE u.company_id = NEW.company_id AND u.group_id = NEW.id AND u.jornada_excepcional_id IS NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_group_schedule_changed" AFTER UPDATE OF "jornada_excepcional_id" ON "groups" FOR EACH ROW
  WHEN (OLD.jornada_excepcional_id IS DISTINCT FROM NEW.jornada_excepcional_id)
  EXECUTE FUNCTION "attendance_group_schedule_changed"();--> statement-breakpoint
-- A worker without a schedule of their own who moves to a group under another schedule (or none) changes theirs.
CREATE FUNCTION "attendance_user_group_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT g.jornada_excepcional_id FROM groups g WHERE g.company_id = OLD.company_id AND g.id = OLD.group_id)
    IS DISTINCT FROM (SELECT g.jornada_excepcional_id FROM groups g WHERE g.company_id = NEW.company_id AND g.id = NEW.group_id) THEN
    PERFORM attendance_invalidate(ARRAY[NEW.company_id], ARRAY[NEW.id], ARRAY['1900-01-01'::date], ARRAY['2100-12-31'::date]);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_user_group_changed" AFTER UPDATE OF "group_id" ON "users" FOR EACH ROW
  WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id AND NEW.jornada_excepcional_id IS NULL)
  EXECUTE FUNCTION "attendance_user_group_changed"();
