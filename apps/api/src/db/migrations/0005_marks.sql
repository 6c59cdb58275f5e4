CREATE TYPE "public"."attempt_reason" AS ENUM('credencial_desconocida', 'pin_incorrecto', 'trabajador_inactivo', 'contrato_terminado', 'metodo_no_permitido', 'marca_repetida', 'fuera_de_geocerca', 'sin_conexion', 'huella_no_verificada');--> statement-breakpoint
CREATE TYPE "public"."mark_kind" AS ENUM('entrada', 'inicio_colacion', 'fin_colacion', 'salida');--> statement-breakpoint
CREATE TYPE "public"."mark_method" AS ENUM('web', 'huella', 'kiosco_pin', 'reloj', 'correccion');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_attempts" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"kind" "mark_kind",
	"method" "mark_method" NOT NULL,
	"reason" "attempt_reason" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"site_id" uuid,
	"mark_id" uuid,
	"client_id" text,
	"detail" text,
	"device" text,
	"device_id" uuid,
	"lat" double precision,
	"lng" double precision,
	"accuracy_m" double precision,
	"ip" text,
	CONSTRAINT "mark_attempts_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "mark_chain_heads" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"last_hash" text,
	"last_mark_id" uuid,
	CONSTRAINT "mark_chain_heads_pkey" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "marks" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" "mark_kind" NOT NULL,
	"method" "mark_method" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"original_at" timestamp with time zone,
	"offline" boolean DEFAULT false NOT NULL,
	"site_id" uuid,
	"lat" double precision,
	"lng" double precision,
	"accuracy_m" double precision,
	"distance_m" double precision,
	"outside_geofence" boolean DEFAULT false NOT NULL,
	"low_accuracy" boolean DEFAULT false NOT NULL,
	"device" text,
	"device_id" uuid,
	"client_id" text NOT NULL,
	"corrects_mark_id" uuid,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "marks_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "mark_attempts_time_idx" ON "mark_attempts" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "mark_attempts_user_idx" ON "mark_attempts" USING btree ("company_id","user_id","at");--> statement-breakpoint
CREATE INDEX "mark_attempts_client_idx" ON "mark_attempts" USING btree ("company_id","user_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marks_client_key" ON "marks" USING btree ("company_id","user_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marks_chain_key" ON "marks" USING btree ("company_id","user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "marks_hash_key" ON "marks" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "marks_user_time_idx" ON "marks" USING btree ("company_id","user_id",coalesce("original_at", "at"));--> statement-breakpoint
CREATE INDEX "marks_company_time_idx" ON "marks" USING btree ("company_id",coalesce("original_at", "at"));