ALTER TABLE "users" ADD COLUMN "jornada_promedio_semanas" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "jornada_promedio_desde" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "jornada_promedio_hasta" date;