CREATE TABLE "notification_reads" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_reads_pkey" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written
-- Row-level security for the new tenant table (see 0010_tenant_rls.sql).
SELECT jornada_apply_tenant_rls();
