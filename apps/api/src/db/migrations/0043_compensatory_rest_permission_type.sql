-- hand-written
-- The compensatory rest of art. 38 inc. 3 (descanso compensatorio, code D.C.38) comes with every new company
-- (permissions.defaults.ts); companies created before get it here, once: a company that already has a type
-- with the code is skipped, and one whose own type has the same name keeps it (the unique indexes on code
-- and name make ON CONFLICT skip that row). Its balance is the days the engine finds owed, not a yearly
-- allowance: no days per year, no days per event. Idempotent.
INSERT INTO "permission_types" ("company_id", "nombre", "codigo", "con_goce", "unidad", "solicitable", "requiere_aprobacion", "dias_anuales", "dias_por_evento")
SELECT c."id", 'Descanso compensatorio (art. 38)', 'D.C.38', true, 'dias_corridos'::"permission_unit", true, true, NULL, NULL
FROM "companies" c
WHERE NOT EXISTS (SELECT 1 FROM "permission_types" t WHERE t."company_id" = c."id" AND t."codigo" = 'D.C.38')
ON CONFLICT DO NOTHING;
