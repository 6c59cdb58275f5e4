-- hand-written
-- Averaged distribution (art. 22 bis): the worked time of a worker under a pact is settled by cycle of up to four
-- weeks, and every stored day of a cycle carries figures that depend on the others (its overtime over the cycle's
-- hours is given to the cycle's last days). A change of (company, user, lo..hi) therefore marks stale from the first
-- day of the cycle holding lo (its Monday without a pact, as before: lo itself) to the last day of the cycle holding
-- the Sunday after hi (that Sunday without a pact). Cycles start on the pact's first Monday and repeat every
-- `jornada_promedio_semanas` weeks until `jornada_promedio_hasta`.
CREATE OR REPLACE FUNCTION "attendance_invalidate"(p_company uuid[], p_user uuid[], p_lo date[], p_hi date[]) RETURNS void LANGUAGE sql AS $$
  WITH input AS (
    SELECT r.company_id, r.user_id, r.lo, r.hi + (7 - extract(isodow FROM r.hi)::int) AS sunday,
      u.jornada_promedio_desde AS pact_from, u.jornada_promedio_hasta AS pact_to, 7 * u.jornada_promedio_semanas AS cycle_days
    FROM unnest(p_company, p_user, p_lo, p_hi) AS r(company_id, user_id, lo, hi)
    LEFT JOIN users u ON u.company_id = r.company_id AND u.id = r.user_id
      AND u.jornada_promedio_semanas > 0 AND u.jornada_promedio_desde IS NOT NULL
  ), r AS (
    SELECT company_id, user_id,
      CASE WHEN pact_from IS NOT NULL AND lo >= pact_from AND (pact_to IS NULL OR lo <= pact_to)
        THEN pact_from + ((lo - pact_from) / cycle_days) * cycle_days ELSE lo END AS lo,
      CASE WHEN pact_from IS NOT NULL AND sunday >= pact_from AND (pact_to IS NULL OR sunday <= pact_to)
        THEN least(pact_from + ((sunday - pact_from) / cycle_days + 1) * cycle_days - 1, pact_to) ELSE sunday END AS hi
    FROM input
  ), flipped AS (
    UPDATE attendance_days a SET stale = true, invalidated_at = clock_timestamp()
    FROM r
    WHERE a.company_id = r.company_id AND a.user_id = r.user_id
      AND a.fecha >= r.lo AND a.fecha <= r.hi
    RETURNING a.company_id
  )
  -- Due at once whatever the API's clock says (the queue compares run_at with its own clock).
  INSERT INTO jobs (kind, payload, run_at, created_at)
  SELECT 'asistencia-recalcular', jsonb_build_object('companyId', f.c), '-infinity'::timestamptz, now()
  FROM (SELECT DISTINCT company_id AS c FROM flipped) f
  WHERE NOT EXISTS (
    SELECT 1 FROM jobs j
    WHERE j.kind = 'asistencia-recalcular' AND j.done_at IS NULL AND j.locked_until IS NULL AND j.payload->>'companyId' = f.c::text
  );
$$;--> statement-breakpoint
-- The pact changes how every stored day of the worker is settled (0041's trigger, three columns more).
DROP TRIGGER "attendance_user_terms_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "attendance_user_terms_changed" AFTER UPDATE OF "exceptuado_descanso_dominical", "horas_semanales", "excluido_limite_jornada",
  "banda_inicio_flexible_minutos", "derecho_alimentacion_hasta", "derecho_alimentacion_modo", "jornada_excepcional_id",
  "jornada_promedio_semanas", "jornada_promedio_desde", "jornada_promedio_hasta" ON "users" FOR EACH ROW
  WHEN (OLD.exceptuado_descanso_dominical IS DISTINCT FROM NEW.exceptuado_descanso_dominical OR OLD.horas_semanales IS DISTINCT FROM NEW.horas_semanales
    OR OLD.excluido_limite_jornada IS DISTINCT FROM NEW.excluido_limite_jornada
    OR OLD.banda_inicio_flexible_minutos IS DISTINCT FROM NEW.banda_inicio_flexible_minutos
    OR OLD.derecho_alimentacion_hasta IS DISTINCT FROM NEW.derecho_alimentacion_hasta
    OR OLD.derecho_alimentacion_modo IS DISTINCT FROM NEW.derecho_alimentacion_modo
    OR OLD.jornada_excepcional_id IS DISTINCT FROM NEW.jornada_excepcional_id
    OR OLD.jornada_promedio_semanas IS DISTINCT FROM NEW.jornada_promedio_semanas
    OR OLD.jornada_promedio_desde IS DISTINCT FROM NEW.jornada_promedio_desde
    OR OLD.jornada_promedio_hasta IS DISTINCT FROM NEW.jornada_promedio_hasta)
  EXECUTE FUNCTION "attendance_user_changed"();--> statement-breakpoint
-- Days stored before this migration settled the pact's weeks one by one: those of the pact are evaluated again.
SELECT attendance_invalidate(array_agg(company_id), array_agg(id), array_agg(jornada_promedio_desde), array_agg(coalesce(jornada_promedio_hasta, '2100-12-31'::date)))
FROM users WHERE jornada_promedio_semanas IS NOT NULL AND jornada_promedio_desde IS NOT NULL;
