CREATE TABLE "company_email_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_on" date
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "email_confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "company_email_confirmations" ADD CONSTRAINT "company_email_confirmations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_email_confirmations_company_idx" ON "company_email_confirmations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "user_invitations_pending_idx" ON "user_invitations" USING btree ("company_id","created_at") WHERE "user_invitations"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "user_invitations_sent_on_idx" ON "user_invitations" USING btree ("company_id","sent_on");--> statement-breakpoint
-- hand-written
-- Row-level security for the two new tenant tables (see 0010_tenant_rls.sql).
SELECT jornada_apply_tenant_rls();
