CREATE TYPE "public"."inspector_event" AS ENUM('clave_solicitada', 'clave_limitada', 'ingreso', 'ingreso_fallido', 'ingreso_bloqueado', 'acceso_empleador', 'consulta');--> statement-breakpoint
CREATE TABLE "inspector_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" "inspector_event" NOT NULL,
	"inspector_id" uuid,
	"user_id" uuid,
	"email" text NOT NULL,
	"rut" text,
	"nombre" text,
	"apellidos" text,
	"company_id" uuid,
	"company_rut" text,
	"method" text,
	"route" text,
	"path" text,
	"allowed" boolean,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "inspector_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspector_id" uuid NOT NULL,
	"rut" text NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"key_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "inspector_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"key_id" uuid NOT NULL,
	"company_id" uuid,
	"parent_token_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "inspectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspector_keys" ADD CONSTRAINT "inspector_keys_inspector_id_inspectors_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."inspectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspector_sessions" ADD CONSTRAINT "inspector_sessions_key_id_inspector_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."inspector_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspector_sessions" ADD CONSTRAINT "inspector_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspector_sessions" ADD CONSTRAINT "inspector_sessions_parent_fk" FOREIGN KEY ("parent_token_hash") REFERENCES "public"."inspector_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspector_events_company_at_idx" ON "inspector_events" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "inspector_events_email_at_idx" ON "inspector_events" USING btree ("email","at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspector_keys_live_key" ON "inspector_keys" USING btree ("inspector_id") WHERE "inspector_keys"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "inspector_keys_issued_idx" ON "inspector_keys" USING btree ("inspector_id","issued_at");--> statement-breakpoint
CREATE INDEX "inspector_sessions_parent_idx" ON "inspector_sessions" USING btree ("parent_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "inspectors_email_key" ON "inspectors" USING btree ("email");