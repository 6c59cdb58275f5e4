-- Keep the street of sites created before the address was split into calle / número / ciudad.
UPDATE "sites" SET "calle" = "direccion" WHERE "calle" IS NULL;--> statement-breakpoint
ALTER TABLE "sites" DROP COLUMN "direccion";
