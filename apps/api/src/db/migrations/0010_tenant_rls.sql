-- Row-level security between companies, the second wall under the `company_id` filter of every query
-- (docs/decisions.md, «Seguridad a nivel de filas»). Every table with a `company_id` column, and
-- `companies` by its `id`, shows and accepts only the rows of the company in the connection's
-- `jornada.company_id` setting: a company's uuid, '*' for system paths (every company), '' or unset
-- for nothing. FORCE applies the policy to the tables' owner too; superusers and BYPASSRLS roles skip
-- it, so production connects as an ordinary role (docs/operations.md).
-- A later migration that adds a tenant table ends with `SELECT jornada_apply_tenant_rls();`
-- (apps/api/src/security/rls.test.ts fails until it does).
CREATE OR REPLACE FUNCTION jornada_apply_tenant_rls() RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  tenant record;
  visible text;
BEGIN
  FOR tenant IN
    SELECT c.relname AS table_name, a.attname AS column_name
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relnamespace = 'public'::regnamespace
      AND c.relkind IN ('r', 'p')
      AND (a.attname = 'company_id' OR (c.relname = 'companies' AND a.attname = 'id'))
  LOOP
    -- The setting is read once per statement (scalar subqueries become init plans), not once per row;
    -- the CASE keeps '*' and '' away from the uuid cast.
    visible := format(
      $policy$coalesce(%I = (SELECT CASE WHEN s IN ('', '*') THEN NULL ELSE s::uuid END FROM coalesce(current_setting('jornada.company_id', true), '') AS s), false) OR (SELECT coalesce(current_setting('jornada.company_id', true), '') = '*')$policy$,
      tenant.column_name
    );
    EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', tenant.table_name);
    EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', tenant.table_name);
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_policies p WHERE p.schemaname = 'public' AND p.tablename = tenant.table_name AND p.policyname = 'tenant_isolation') THEN
      EXECUTE format('ALTER POLICY tenant_isolation ON public.%I USING (%s) WITH CHECK (%s)', tenant.table_name, visible, visible);
    ELSE
      EXECUTE format('CREATE POLICY tenant_isolation ON public.%I AS PERMISSIVE FOR ALL TO PUBLIC USING (%s) WITH CHECK (%s)', tenant.table_name, visible, visible);
    END IF;
  END LOOP;
END
$fn$;
--> statement-breakpoint
SELECT jornada_apply_tenant_rls();
