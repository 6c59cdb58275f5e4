CREATE TABLE "overtime_review_settings" (
	"company_id" uuid NOT NULL,
	"review_threshold_seconds" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "overtime_review_settings_pkey" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "overtime_over_agreed_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "overtime_review_settings" ADD CONSTRAINT "overtime_review_settings_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_review_settings" ADD CONSTRAINT "overtime_review_settings_updated_by_fk" FOREIGN KEY ("company_id","updated_by") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- The over-agreed overtime (art. 30) of days stored before the column, from their stored result.
UPDATE "attendance_days" SET "overtime_over_agreed_seconds" = ("result"->'segundos'->>'extraSobrePactada')::float8
  WHERE ("result"->'segundos'->>'extraSobrePactada') IS NOT NULL AND ("result"->'segundos'->>'extraSobrePactada')::float8 <> 0;--> statement-breakpoint
-- Row-level security for the new tenant table (see 0010_tenant_rls.sql).
SELECT jornada_apply_tenant_rls();
