ALTER TYPE "public"."plan_origin" ADD VALUE 'propuesta';--> statement-breakpoint
CREATE TABLE "roster_demands" (
	"company_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"bands" jsonb NOT NULL,
	"exceptions" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_demands_pkey" PRIMARY KEY("company_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "roster_proposals" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"group_id" uuid,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"fixed" jsonb NOT NULL,
	"status" text DEFAULT 'en_cola' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"base" jsonb,
	"shift_versions" jsonb,
	"result" jsonb,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_at" timestamp with time zone,
	"applied_by" uuid,
	"applied_at" timestamp with time zone,
	CONSTRAINT "roster_proposals_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "roster_proposals_status_check" CHECK ("roster_proposals"."status" in ('en_cola', 'calculando', 'lista', 'fallida'))
);
--> statement-breakpoint
ALTER TABLE "roster_demands" ADD CONSTRAINT "roster_demands_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_proposals" ADD CONSTRAINT "roster_proposals_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_proposals_company_created_idx" ON "roster_proposals" USING btree ("company_id","created_at");--> statement-breakpoint
-- hand-written
-- Row-level security for the new tenant tables (see 0010_tenant_rls.sql).
SELECT jornada_apply_tenant_rls();
