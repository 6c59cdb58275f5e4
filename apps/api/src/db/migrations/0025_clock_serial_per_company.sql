DROP INDEX "clock_devices_serial_key";--> statement-breakpoint
CREATE UNIQUE INDEX "clock_devices_company_serial_key" ON "clock_devices" USING btree ("company_id","serial");--> statement-breakpoint
CREATE INDEX "clock_devices_serial_idx" ON "clock_devices" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "clock_devices_key_hash_key" ON "clock_devices" USING btree ("key_hash");