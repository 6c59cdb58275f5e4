-- Marks are insert-only (DT Res. Ex. 38: stored records cannot be altered). Corrections are new marks.
CREATE FUNCTION "marks_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Las marcas no se pueden modificar ni borrar (% rechazado): una corrección se registra como una marca nueva.', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "marks_no_update_delete" BEFORE UPDATE OR DELETE ON "marks" FOR EACH ROW EXECUTE FUNCTION "marks_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "marks_no_truncate" BEFORE TRUNCATE ON "marks" FOR EACH STATEMENT EXECUTE FUNCTION "marks_refuse_change"();
