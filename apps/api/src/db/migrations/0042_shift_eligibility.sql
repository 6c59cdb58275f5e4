ALTER TABLE "shifts" ADD COLUMN "site_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "cargos" text[] DEFAULT '{}'::text[] NOT NULL;