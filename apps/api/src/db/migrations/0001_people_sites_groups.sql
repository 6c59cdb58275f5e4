CREATE TYPE "public"."group_state" AS ENUM('activo', 'inactivo');--> statement-breakpoint
CREATE TABLE "group_state_changes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"from_estado" "group_state",
	"to_estado" "group_state" NOT NULL,
	"motivo" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_state_changes_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"site_id" uuid,
	"estado" "group_state" DEFAULT 'activo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "group_leaders" (
	"company_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_leaders_pkey" PRIMARY KEY("company_id","group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "resolucion_fecha" date;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "calle" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "numero" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "ciudad" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_personal" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "horas_semanales" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sueldo_base" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "metodos_marcaje" text[] DEFAULT '{web}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivation_reason" text;--> statement-breakpoint
ALTER TABLE "group_state_changes" ADD CONSTRAINT "group_state_changes_group_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_site_fk" FOREIGN KEY ("company_id","site_id") REFERENCES "public"."sites"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_leaders" ADD CONSTRAINT "group_leaders_group_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_leaders" ADD CONSTRAINT "group_leaders_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_state_changes_group_idx" ON "group_state_changes" USING btree ("company_id","group_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_company_nombre_key" ON "groups" USING btree ("company_id","nombre");--> statement-breakpoint
CREATE INDEX "group_leaders_user_idx" ON "group_leaders" USING btree ("company_id","user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_group_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_group_idx" ON "users" USING btree ("company_id","group_id");