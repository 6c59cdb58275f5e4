-- A permission that is created, decided (approved, rejected, cancelled) or removed changes the stored
-- attendance of the days it covers (and, weeks being settled whole, up to their Sunday): mark them
-- stale so the recompute job evaluates them again with the approved permissions as the engine's input.
CREATE FUNCTION "attendance_permission_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM attendance_invalidate(ARRAY[OLD.company_id], ARRAY[OLD.user_id], ARRAY[OLD.desde], ARRAY[OLD.hasta]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM attendance_invalidate(ARRAY[NEW.company_id], ARRAY[NEW.user_id], ARRAY[NEW.desde], ARRAY[NEW.hasta]);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_permission_changed" AFTER INSERT OR UPDATE OR DELETE ON "permissions" FOR EACH ROW EXECUTE FUNCTION "attendance_permission_changed"();
