CREATE TABLE "december_extensions" (
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "december_extensions_pkey" PRIMARY KEY("company_id","date"),
	CONSTRAINT "december_extensions_minutes_check" CHECK ("december_extensions"."minutes" BETWEEN 30 AND 120),
	CONSTRAINT "december_extensions_date_check" CHECK (extract(month from "december_extensions"."date") = 12 AND extract(day from "december_extensions"."date") BETWEEN 10 AND 24)
);
--> statement-breakpoint
ALTER TABLE "december_extensions" ADD CONSTRAINT "december_extensions_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A declared December extension day (art. 24) changes that day's daily limit for every worker of the company.
CREATE FUNCTION "attendance_december_extension_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attendance_invalidate(array_agg(u.company_id), array_agg(u.id), array_agg(x.lo), array_agg(x.hi))
  FROM (SELECT company_id, min(date) AS lo, max(date) AS hi FROM changed_rows GROUP BY company_id) x
  JOIN users u ON u.company_id = x.company_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_december_extension_inserted" AFTER INSERT ON "december_extensions" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_december_extension_changed"();--> statement-breakpoint
CREATE TRIGGER "attendance_december_extension_deleted" AFTER DELETE ON "december_extensions" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_december_extension_changed"();--> statement-breakpoint
SELECT jornada_apply_tenant_rls();
