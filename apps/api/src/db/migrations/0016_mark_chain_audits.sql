CREATE TABLE "mark_chain_audits" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"through_seq" integer DEFAULT 0 NOT NULL,
	"audited_at" timestamp with time zone,
	"changes" integer DEFAULT 0 NOT NULL,
	"checked_changes" integer DEFAULT 0 NOT NULL,
	"tail_problem" text,
	CONSTRAINT "mark_chain_audits_pkey" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mark_chain_findings" (
	"company_id" uuid NOT NULL,
	"mark_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"integrity" text NOT NULL,
	CONSTRAINT "mark_chain_findings_pkey" PRIMARY KEY("company_id","mark_id")
);
--> statement-breakpoint
CREATE INDEX "mark_chain_audits_stale_idx" ON "mark_chain_audits" USING btree ("company_id") WHERE "mark_chain_audits"."changes" > "mark_chain_audits"."checked_changes";--> statement-breakpoint
CREATE INDEX "mark_chain_findings_user_idx" ON "mark_chain_findings" USING btree ("company_id","user_id");--> statement-breakpoint
-- Every UPDATE or DELETE on a mark (possible only with the insert-only trigger switched off) moves its
-- worker's change count, so the next report re-verifies that chain at once (modules/reports/mark-audit.ts).
-- It runs as the role that made the change (no SECURITY DEFINER), inside that change's transaction.
CREATE FUNCTION "marks_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "mark_chain_audits" ("company_id", "user_id", "changes") VALUES (OLD."company_id", OLD."user_id", 1)
    ON CONFLICT ("company_id", "user_id") DO UPDATE SET "changes" = "mark_chain_audits"."changes" + 1;
  IF TG_OP = 'UPDATE' AND (NEW."company_id", NEW."user_id") IS DISTINCT FROM (OLD."company_id", OLD."user_id") THEN
    INSERT INTO "mark_chain_audits" ("company_id", "user_id", "changes") VALUES (NEW."company_id", NEW."user_id", 1)
      ON CONFLICT ("company_id", "user_id") DO UPDATE SET "changes" = "mark_chain_audits"."changes" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "marks_count_change" AFTER UPDATE OR DELETE ON "marks" FOR EACH ROW EXECUTE FUNCTION "marks_count_change"();--> statement-breakpoint
SELECT jornada_apply_tenant_rls();
