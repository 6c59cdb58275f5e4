ALTER TABLE "login_throttles" ADD COLUMN "subject" text;--> statement-breakpoint
CREATE INDEX "login_throttles_subject_idx" ON "login_throttles" USING btree ("subject");--> statement-breakpoint
UPDATE "login_throttles" SET "subject" = "key" WHERE "key" NOT LIKE 'ip:%';
