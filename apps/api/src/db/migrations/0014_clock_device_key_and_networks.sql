ALTER TABLE "clock_devices" ADD COLUMN "key_hash" text;--> statement-breakpoint
ALTER TABLE "clock_devices" ADD COLUMN "allowed_networks" text[] DEFAULT '{}'::text[] NOT NULL;