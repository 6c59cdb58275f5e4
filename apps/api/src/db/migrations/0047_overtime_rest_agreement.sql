ALTER TABLE "overtime_pacts" ADD COLUMN "compensacion" text DEFAULT 'pago' NOT NULL;--> statement-breakpoint
ALTER TABLE "overtime_pacts" ADD COLUMN "firmado_el" date;--> statement-breakpoint
ALTER TABLE "overtime_pacts" ADD COLUMN "dias_semana" integer;--> statement-breakpoint
-- hand-written
ALTER TABLE "overtime_pacts" ADD CONSTRAINT "overtime_pacts_compensacion_check" CHECK ("compensacion" IN ('pago', 'feriado'));--> statement-breakpoint
-- The vacation days that compensate overtime (art. 32 inc. 4, Ley 21.561; code F.H.E.) come with every new
-- company (permissions.defaults.ts); companies created before get the type here, once, as 0043 did for D.C.38:
-- a company that already has the code is skipped, and one whose own type has the same name keeps it. Its balance
-- is the rest earned by overtime under a «feriado» pact, not a yearly allowance. Idempotent.
INSERT INTO "permission_types" ("company_id", "nombre", "codigo", "con_goce", "unidad", "solicitable", "requiere_aprobacion", "dias_anuales", "dias_por_evento")
SELECT c."id", 'Feriado por horas extra (art. 32)', 'F.H.E.', true, 'dias_habiles'::"permission_unit", true, true, NULL, NULL
FROM "companies" c
WHERE NOT EXISTS (SELECT 1 FROM "permission_types" t WHERE t."company_id" = c."id" AND t."codigo" = 'F.H.E.')
ON CONFLICT DO NOTHING;
