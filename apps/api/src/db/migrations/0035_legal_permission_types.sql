ALTER TABLE "permission_types" ADD COLUMN "dias_por_evento" integer;--> statement-breakpoint
-- hand-written
-- The Código del Trabajo's paid permissions per event (arts. 66, 66 bis, 195 and 207 bis) come with every
-- new company (permissions.defaults.ts); companies created before get them here, once: a company that
-- already has a type with the code is skipped, and one whose own type has the same name keeps it (the
-- unique indexes on code and name make ON CONFLICT skip that row). Idempotent.
INSERT INTO "permission_types" ("company_id", "nombre", "codigo", "con_goce", "unidad", "solicitable", "requiere_aprobacion", "dias_anuales", "dias_por_evento")
SELECT c."id", d."nombre", d."codigo", true, d."unidad"::"permission_unit", true, true, NULL, d."dias_por_evento"
FROM "companies" c
CROSS JOIN (VALUES
  ('Permiso por fallecimiento de hijo', 'P.F.H.', 'dias_corridos', 10),
  ('Permiso por fallecimiento de cónyuge o conviviente civil', 'P.F.C.', 'dias_corridos', 7),
  ('Permiso por fallecimiento de hijo en gestación', 'P.F.G.', 'dias_habiles', 7),
  ('Permiso por fallecimiento de padre, madre o hermano', 'P.F.P.', 'dias_habiles', 4),
  ('Permiso por nacimiento', 'P.NAC.', 'dias_corridos', 5),
  ('Permiso por matrimonio o unión civil', 'P.MAT.', 'dias_habiles', 5),
  ('Permiso por examen médico preventivo', 'P.E.M.', 'horas', NULL::integer)
) AS d("nombre", "codigo", "unidad", "dias_por_evento")
WHERE NOT EXISTS (SELECT 1 FROM "permission_types" t WHERE t."company_id" = c."id" AND t."codigo" = d."codigo")
ON CONFLICT DO NOTHING;
