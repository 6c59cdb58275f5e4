CREATE TYPE "public"."permission_origin" AS ENUM('asignado', 'solicitado');--> statement-breakpoint
CREATE TYPE "public"."permission_status" AS ENUM('pendiente', 'aprobado', 'rechazado', 'anulado');--> statement-breakpoint
CREATE TYPE "public"."permission_unit" AS ENUM('dias_habiles', 'dias_corridos', 'horas');--> statement-breakpoint
CREATE TABLE "permission_attachments" (
	"company_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"tamano" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "permission_attachments_pkey" PRIMARY KEY("company_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "permission_extra_days" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"dias" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "permission_extra_days_pkey" PRIMARY KEY("company_id","user_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "permission_types" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"codigo" text NOT NULL,
	"con_goce" boolean NOT NULL,
	"unidad" "permission_unit" NOT NULL,
	"solicitable" boolean NOT NULL,
	"requiere_aprobacion" boolean NOT NULL,
	"dias_anuales" integer,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_types_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"hora_inicio" text,
	"hora_fin" text,
	"cantidad" double precision NOT NULL,
	"estado" "permission_status" NOT NULL,
	"origen" "permission_origin" NOT NULL,
	"comentario" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "permissions_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "permission_attachments" ADD CONSTRAINT "permission_attachments_permission_fk" FOREIGN KEY ("company_id","permission_id") REFERENCES "public"."permissions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_extra_days" ADD CONSTRAINT "permission_extra_days_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_extra_days" ADD CONSTRAINT "permission_extra_days_type_fk" FOREIGN KEY ("company_id","type_id") REFERENCES "public"."permission_types"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_types" ADD CONSTRAINT "permission_types_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_type_fk" FOREIGN KEY ("company_id","type_id") REFERENCES "public"."permission_types"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permission_types_company_codigo_key" ON "permission_types" USING btree ("company_id","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_types_company_nombre_key" ON "permission_types" USING btree ("company_id","nombre");--> statement-breakpoint
CREATE INDEX "permissions_user_idx" ON "permissions" USING btree ("company_id","user_id","desde");--> statement-breakpoint
CREATE INDEX "permissions_company_idx" ON "permissions" USING btree ("company_id","desde");--> statement-breakpoint
CREATE INDEX "permissions_pending_idx" ON "permissions" USING btree ("company_id","created_at") WHERE "permissions"."estado" = 'pendiente';--> statement-breakpoint
-- Companies that existed before permissions get the default types a new company starts with
-- (modules/permissions/permissions.defaults.ts).
INSERT INTO "permission_types" ("company_id", "nombre", "codigo", "con_goce", "unidad", "solicitable", "requiere_aprobacion", "dias_anuales")
SELECT c."id", d."nombre", d."codigo", d."con_goce", d."unidad"::"permission_unit", d."solicitable", d."requiere_aprobacion", d."dias_anuales"
FROM "companies" c
CROSS JOIN (VALUES
  ('Vacaciones', 'VAC.', true, 'dias_habiles', true, true, 15),
  ('Licencia médica', 'L.M.', false, 'dias_corridos', false, false, NULL::integer),
  ('Permiso con goce de remuneraciones', 'P.G.R.', true, 'dias_corridos', true, true, NULL::integer),
  ('Permiso sin goce de remuneraciones', 'P.S.G.R.', false, 'dias_corridos', true, true, NULL::integer),
  ('Permiso por horas', 'P.H.', true, 'horas', true, true, NULL::integer),
  ('Descanso prenatal', 'PREN.', false, 'dias_corridos', false, false, NULL::integer),
  ('Descanso postnatal', 'POSTN.', false, 'dias_corridos', false, false, NULL::integer)
) AS d("nombre", "codigo", "con_goce", "unidad", "solicitable", "requiere_aprobacion", "dias_anuales")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT jornada_apply_tenant_rls();
