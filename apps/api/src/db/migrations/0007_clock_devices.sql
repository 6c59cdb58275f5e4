CREATE TABLE "clock_devices" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"nombre" text NOT NULL,
	"site_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_contact_at" timestamp with time zone,
	"last_ip" text,
	"last_upload_at" timestamp with time zone,
	"attlog_stamp" text,
	"operlog_stamp" text,
	"records_received" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clock_devices_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "clock_devices" ADD CONSTRAINT "clock_devices_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_devices" ADD CONSTRAINT "clock_devices_site_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clock_devices_serial_key" ON "clock_devices" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "clock_devices_site_idx" ON "clock_devices" USING btree ("company_id","site_id");