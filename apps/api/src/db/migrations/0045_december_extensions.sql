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
SELECT jornada_apply_tenant_rls();
