CREATE TABLE "remuneration_row_details" (
	"company_id" uuid NOT NULL,
	"periodo" text NOT NULL,
	"user_id" uuid NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "remuneration_row_details_pkey" PRIMARY KEY("company_id","periodo","user_id")
);
--> statement-breakpoint
CREATE TABLE "remuneration_rows" (
	"company_id" uuid NOT NULL,
	"periodo" text NOT NULL,
	"user_id" uuid NOT NULL,
	"closed" date NOT NULL,
	"claim" uuid,
	"dias_trabajados" double precision DEFAULT 0 NOT NULL,
	"ausencias_dias" double precision DEFAULT 0 NOT NULL,
	"ausencias_valor" double precision DEFAULT 0 NOT NULL,
	"faltante_segundos" double precision DEFAULT 0 NOT NULL,
	"faltante_valor" double precision DEFAULT 0 NOT NULL,
	"horas_extra_segundos" double precision DEFAULT 0 NOT NULL,
	"horas_extra_valor" double precision DEFAULT 0 NOT NULL,
	"domingos_o_festivos_trabajados" double precision DEFAULT 0 NOT NULL,
	"domingo_ordinario_segundos" double precision DEFAULT 0 NOT NULL,
	"recargo_dominical_monto" double precision DEFAULT 0 NOT NULL,
	"permisos_pagados_dias" double precision DEFAULT 0 NOT NULL,
	"permisos_no_pagados_dias" double precision DEFAULT 0 NOT NULL,
	"descuento_permisos" double precision DEFAULT 0 NOT NULL,
	"dias_pendientes" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "remuneration_rows_pkey" PRIMARY KEY("company_id","periodo","user_id")
);
--> statement-breakpoint
ALTER TABLE "remuneration_row_details" ADD CONSTRAINT "remuneration_row_details_row_fk" FOREIGN KEY ("company_id","periodo","user_id") REFERENCES "public"."remuneration_rows"("company_id","periodo","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remuneration_rows" ADD CONSTRAINT "remuneration_rows_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remuneration_rows_user_idx" ON "remuneration_rows" USING btree ("company_id","user_id");--> statement-breakpoint
-- hand-written
-- A worker-month's stored pay (remuneration_rows, the remunerations module's; its remuneration_row_details go with it)
-- is deleted in the statement that changes what it was computed from; the next read computes it again (docs/remunerations.md, «La paga guardada del mes»).
-- A stored day or a decision on its overtime counts in its own month and, its week being settled whole (Monday to
-- Sunday), in the month of its Sunday, at most 6 days later. Writing, invalidating (marking stale) and deleting days
-- all delete. overtime_approvals has the same key columns, so one function serves both tables.
CREATE FUNCTION "remuneration_rows_days_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM remuneration_rows r
    USING (SELECT company_id, user_id, to_char(fecha, 'YYYYMM') AS periodo FROM old_rows
           UNION SELECT company_id, user_id, to_char(fecha + 6, 'YYYYMM') FROM old_rows) c
    WHERE r.company_id = c.company_id AND r.periodo = c.periodo AND r.user_id = c.user_id;
  ELSE
    DELETE FROM remuneration_rows r
    USING (SELECT company_id, user_id, to_char(fecha, 'YYYYMM') AS periodo FROM new_rows
           UNION SELECT company_id, user_id, to_char(fecha + 6, 'YYYYMM') FROM new_rows) c
    WHERE r.company_id = c.company_id AND r.periodo = c.periodo AND r.user_id = c.user_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_days_inserted" AFTER INSERT ON "attendance_days" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remuneration_rows_days_changed"();--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_days_updated" AFTER UPDATE ON "attendance_days" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remuneration_rows_days_changed"();--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_days_deleted" AFTER DELETE ON "attendance_days" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "remuneration_rows_days_changed"();--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_approvals_inserted" AFTER INSERT ON "overtime_approvals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remuneration_rows_days_changed"();--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_approvals_updated" AFTER UPDATE ON "overtime_approvals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remuneration_rows_days_changed"();--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_approvals_deleted" AFTER DELETE ON "overtime_approvals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "remuneration_rows_days_changed"();--> statement-breakpoint
-- A permission or an overtime pact (its daily maximum flags compliance; one compensated with vacation days moves pay
-- to later months) deletes every stored month of its worker: they change seldom, and a worker's row is cheap to compute.
CREATE FUNCTION "remuneration_rows_worker_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM remuneration_rows WHERE company_id = OLD.company_id AND user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    DELETE FROM remuneration_rows WHERE company_id = NEW.company_id AND user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_permission_changed" AFTER INSERT OR UPDATE OR DELETE ON "permissions" FOR EACH ROW EXECUTE FUNCTION "remuneration_rows_worker_changed"();--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_pact_changed" AFTER INSERT OR UPDATE OR DELETE ON "overtime_pacts" FOR EACH ROW EXECUTE FUNCTION "remuneration_rows_worker_changed"();--> statement-breakpoint
-- The contract: any column of the worker's row but those the page shows as they are now (names, RUT, position,
-- contract number, read with the page) and the account's own (contact, password, marking methods).
CREATE FUNCTION "remuneration_rows_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM remuneration_rows r
  USING new_rows n JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
  WHERE r.company_id = n.company_id AND r.user_id = n.id
    AND to_jsonb(o) - ARRAY['nombre', 'apellidos', 'rut', 'cargo', 'numero_contrato', 'email', 'email_personal', 'direccion', 'telefono',
      'password_hash', 'metodos_marcaje', 'principal', 'updated_at']
      IS DISTINCT FROM to_jsonb(n) - ARRAY['nombre', 'apellidos', 'rut', 'cargo', 'numero_contrato', 'email', 'email_personal', 'direccion',
      'telefono', 'password_hash', 'metodos_marcaje', 'principal', 'updated_at'];
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_users_changed" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remuneration_rows_users_changed"();--> statement-breakpoint
-- Company-wide inputs delete the company's stored months: the Sunday surcharge and any other setting of the company
-- (not its name, contact or e-mail confirmation), and the permission types (their names are in the rows, whether
-- they are paid in the figures).
CREATE FUNCTION "remuneration_rows_company_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    IF to_jsonb(OLD) - ARRAY['nombre', 'razon_social', 'direccion', 'telefono', 'email', 'email_confirmed_at', 'comentario']
      IS DISTINCT FROM to_jsonb(NEW) - ARRAY['nombre', 'razon_social', 'direccion', 'telefono', 'email', 'email_confirmed_at', 'comentario'] THEN
      DELETE FROM remuneration_rows WHERE company_id = NEW.id;
    END IF;
  ELSE
    DELETE FROM remuneration_rows WHERE company_id = OLD.company_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_company_changed" AFTER UPDATE ON "companies" FOR EACH ROW EXECUTE FUNCTION "remuneration_rows_company_changed"();--> statement-breakpoint
CREATE TRIGGER "remuneration_rows_permission_type_changed" AFTER UPDATE OR DELETE ON "permission_types" FOR EACH ROW EXECUTE FUNCTION "remuneration_rows_company_changed"();--> statement-breakpoint
-- Row-level security for the new tenant table (see 0010_tenant_rls.sql).
SELECT jornada_apply_tenant_rls();
