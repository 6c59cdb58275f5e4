CREATE TYPE "public"."break_kind" AS ENUM('fija', 'minutos');--> statement-breakpoint
CREATE TYPE "public"."plan_kind" AS ENUM('turno', 'libre');--> statement-breakpoint
CREATE TYPE "public"."plan_origin" AS ENUM('manual', 'patron', 'carga_planificacion', 'carga_planificador', 'edicion_turno');--> statement-breakpoint
CREATE TYPE "public"."plan_requested_by" AS ENUM('trabajador', 'empleador');--> statement-breakpoint
CREATE TABLE "shift_versions" (
	"company_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"break_kind" "break_kind" NOT NULL,
	"break_start" text,
	"break_end" text,
	"break_minutes" integer,
	"late_tolerance_min" integer DEFAULT 0 NOT NULL,
	"early_tolerance_min" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	CONSTRAINT "shift_versions_pkey" PRIMARY KEY("company_id","shift_id","version")
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"color" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"break_kind" "break_kind" NOT NULL,
	"break_start" text,
	"break_end" text,
	"break_minutes" integer,
	"late_tolerance_min" integer DEFAULT 0 NOT NULL,
	"early_tolerance_min" integer DEFAULT 0 NOT NULL,
	"days_per_week" integer DEFAULT 5 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "planning_changes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"first_planned_at" timestamp with time zone,
	"previous_kind" "plan_kind",
	"previous_shift_id" uuid,
	"previous_shift_version" integer,
	"previous_assigned_at" timestamp with time zone,
	"new_kind" "plan_kind",
	"new_shift_id" uuid,
	"new_shift_version" integer,
	"requested_by" "plan_requested_by" NOT NULL,
	"motivo" text,
	"observacion" text,
	"past_day" boolean NOT NULL,
	"origin" "plan_origin" NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "planning_changes_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "planning_days" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" "plan_kind" NOT NULL,
	"shift_id" uuid,
	"shift_version" integer,
	"first_planned_at" timestamp with time zone NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"assigned_by" uuid,
	"origin" "plan_origin" NOT NULL,
	CONSTRAINT "planning_days_pkey" PRIMARY KEY("company_id","user_id","date")
);
--> statement-breakpoint
ALTER TABLE "shift_versions" ADD CONSTRAINT "shift_versions_shift_fk" FOREIGN KEY ("company_id","shift_id") REFERENCES "public"."shifts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_changes" ADD CONSTRAINT "planning_changes_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_changes" ADD CONSTRAINT "planning_changes_previous_version_fk" FOREIGN KEY ("company_id","previous_shift_id","previous_shift_version") REFERENCES "public"."shift_versions"("company_id","shift_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_changes" ADD CONSTRAINT "planning_changes_new_version_fk" FOREIGN KEY ("company_id","new_shift_id","new_shift_version") REFERENCES "public"."shift_versions"("company_id","shift_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_days" ADD CONSTRAINT "planning_days_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_days" ADD CONSTRAINT "planning_days_shift_version_fk" FOREIGN KEY ("company_id","shift_id","shift_version") REFERENCES "public"."shift_versions"("company_id","shift_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_company_codigo_key" ON "shifts" USING btree ("company_id","codigo");--> statement-breakpoint
CREATE INDEX "planning_changes_user_date_idx" ON "planning_changes" USING btree ("company_id","user_id","date");--> statement-breakpoint
CREATE INDEX "planning_changes_changed_at_idx" ON "planning_changes" USING btree ("company_id","changed_at");--> statement-breakpoint
CREATE INDEX "planning_days_date_idx" ON "planning_days" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "planning_days_shift_idx" ON "planning_days" USING btree ("company_id","shift_id","date");