ALTER TYPE "public"."auth_event" ADD VALUE 'email_changed';--> statement-breakpoint
ALTER TYPE "public"."auth_event" ADD VALUE 'rut_changed';