-- A RUT may have an account in several companies (a person with two employers): one login per RUT and
-- company instead of one per RUT. The primary key of 0000_init (inline on "rut") is named logins_pkey.
ALTER TABLE "logins" DROP CONSTRAINT "logins_pkey";--> statement-breakpoint
ALTER TABLE "logins" ADD CONSTRAINT "logins_pkey" PRIMARY KEY("rut","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "logins_company_user_key" ON "logins" USING btree ("company_id","user_id");
