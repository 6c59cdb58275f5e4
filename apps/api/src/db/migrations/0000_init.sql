CREATE TYPE "public"."perfil" AS ENUM('administrador', 'supervisor', 'trabajador', 'fiscalizador');--> statement-breakpoint
CREATE TYPE "public"."auth_event" AS ENUM('login_ok', 'login_failed', 'login_locked', 'logout', 'password_reset_requested', 'password_reset_done');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rut" text NOT NULL,
	"nombre" text NOT NULL,
	"razon_social" text NOT NULL,
	"direccion" text,
	"telefono" text,
	"email" text,
	"rubro" text,
	"resolucion" boolean DEFAULT false NOT NULL,
	"resolucion_numero" text,
	"comentario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text,
	"comuna" text,
	"region" text,
	"lat" double precision,
	"lng" double precision,
	"geofence_radius_m" integer DEFAULT 150 NOT NULL,
	"time_zone" text DEFAULT 'America/Santiago' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"rut" text NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"cargo" text,
	"email" text NOT NULL,
	"direccion" text,
	"telefono" text,
	"perfil" "perfil" NOT NULL,
	"principal" boolean DEFAULT false NOT NULL,
	"site_id" uuid,
	"inicio_contrato" date NOT NULL,
	"fin_contrato" date,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "logins" (
	"rut" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "onboarding_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"user_id" uuid,
	"rut" text,
	"event" "auth_event" NOT NULL,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logins" ADD CONSTRAINT "logins_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tokens" ADD CONSTRAINT "onboarding_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_rut_key" ON "companies" USING btree ("rut");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_company_nombre_key" ON "sites" USING btree ("company_id","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_rut_key" ON "users" USING btree ("company_id","rut");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_principal_key" ON "users" USING btree ("company_id") WHERE "users"."principal";--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "onboarding_tokens_company_idx" ON "onboarding_tokens" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "auth_audit_company_at_idx" ON "auth_audit" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "auth_audit_rut_at_idx" ON "auth_audit" USING btree ("rut","at");