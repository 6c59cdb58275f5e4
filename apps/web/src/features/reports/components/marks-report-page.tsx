import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Pagination, Text, Title } from '@mantine/core';
import {
  marcasAlteradasTexto,
  METODO_MARCA_LABELS,
  METODOS_MARCA,
  REPORTE_MARCAS_GLOSARIO,
  REPORTE_SIN_TRABAJADORES,
  TIPO_MARCA_LABELS,
  TIPOS_MARCA,
  type ReporteMarcas,
} from '@jornada/contracts';
import { FilterBar, useTableParams } from '../../../components/data-table';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect } from '../../../components/filter-select';
import { IconAlert } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { EsDatesProvider } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useScopeOptions } from '../../../lib/entity-options';
import { useMarksReport } from '../api/marks-report';
import { presetRange } from '../period';
import { PeriodFilter } from './period-filter';
import classes from './marks-report.module.css';
import { WorkerBlock } from './worker-block';
import { WorkerFilter } from '../../../components/worker-filter';
import { todayInChile } from '../../../lib/format';

const FILTERS = ['desde', 'hasta', 'usuarioId', 'grupoId', 'sedeId', 'tipo', 'metodo'] as const;
const TIPO_OPTIONS = TIPOS_MARCA.map((tipo) => ({ value: tipo, label: TIPO_MARCA_LABELS[tipo] }));
const METODO_OPTIONS = METODOS_MARCA.map((metodo) => ({ value: metodo, label: METODO_MARCA_LABELS[metodo] }));
const PAGE_SIZE = 10;

/** `dd/mm/aaaa` of `aaaa-mm-dd`. */
const clDate = (date: string) => date.split('-').reverse().join('/');

function Summary({ report }: { report: ReporteMarcas }) {
  const { resumen } = report;
  const flagged = resumen.marcasAlteradas > 0 || resumen.trabajadoresConAlteraciones > 0;
  return (
    <div className={classes.summary}>
      <Text size="sm">
        <strong>{report.empresa.razonSocial}</strong> · RUT {report.empresa.rut} · Del {clDate(report.periodo.desde)} al {clDate(report.periodo.hasta)} · Generado el{' '}
        {report.generadoEn}
      </Text>
      <Text size="sm" role="status" aria-live="polite">
        {resumen.trabajadores === 1 ? '1 trabajador' : `${resumen.trabajadores.toLocaleString('es-CL')} trabajadores`} ·{' '}
        {resumen.marcas === 1 ? '1 marca' : `${resumen.marcas.toLocaleString('es-CL')} marcas`} · {marcasAlteradasTexto(resumen.marcasAlteradas)}
      </Text>
      {flagged && (
        <div className={classes.banner} role="alert">
          <IconAlert size={22} aria-hidden="true" />
          <div>
            <Title order={2} className={classes.bannerTitle}>
              {marcasAlteradasTexto(resumen.marcasAlteradas)}
            </Title>
            <Text size="sm">
              La verificación de la cadena de hashes detectó cambios hechos directamente en la base de datos: {resumen.alteradas} con datos
              modificados y {resumen.cadenaRota} con la cadena rota, en {resumen.trabajadoresConAlteraciones}{' '}
              {resumen.trabajadoresConAlteraciones === 1 ? 'trabajador' : 'trabajadores'}. Cada una está marcada en rojo en su bloque, con la razón.
            </Text>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * `/dashboard/reports/brand` ("Reporte de marcas"): every filter in sight, one block per worker with
 * each mark and its integrity in the hash chain, the whole report's summary, and the same report as
 * Excel or PDF. Filters live in the URL; the period is always sent, so the download is what the
 * screen shows.
 */
export function MarksReportPage() {
  const { user } = useSession();
  const perfil = user.perfil;
  const table = useTableParams({ filters: FILTERS, pageSize: PAGE_SIZE });
  const options = useScopeOptions();
  const defaults = presetRange('mes', todayInChile());
  const desde = table.filters.desde || defaults.desde;
  const hasta = table.filters.hasta || defaults.hasta;
  const invalidRange = hasta < desde;
  const filters: Record<string, string> = { desde, hasta };
  for (const key of ['usuarioId', 'grupoId', 'sedeId', 'tipo', 'metodo'] as const) if (table.filters[key]) filters[key] = table.filters[key];
  const report = useMarksReport({ ...filters, page: table.page, pageSize: PAGE_SIZE });
  const data = report.data;
  const filtered = ['usuarioId', 'grupoId', 'sedeId', 'tipo', 'metodo', 'desde', 'hasta'].some((key) => Boolean(table.filters[key as (typeof FILTERS)[number]]));
  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : (table.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, table.page * PAGE_SIZE);

  return (
    <EsDatesProvider>
      <PageHeader
        title="Reporte de marcas"
        description={
          perfil === 'trabajador'
            ? 'Tus marcas de asistencia, hasta 5 años atrás, con la verificación de su cadena de hashes.'
            : perfil === 'supervisor'
              ? 'Las marcas de las personas de los grupos que lideras y las tuyas, con la verificación de su cadena de hashes.'
              : 'Las marcas de asistencia por trabajador, con la verificación de la cadena de hashes: una marca modificada o borrada en la base de datos aparece señalada.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Reportes' }, { label: 'Marcas' }]}
        actions={
          <>
            <ExportButton path="/v1/reportes/marcas/exportar" query={{ ...filters, formato: 'xlsx' }} filename={`reporte-marcas-${desde}-a-${hasta}.xlsx`} label="Exportar Excel" disabled={invalidRange} />
            <ExportButton path="/v1/reportes/marcas/exportar" query={{ ...filters, formato: 'pdf' }} filename={`reporte-marcas-${desde}-a-${hasta}.pdf`} label="Exportar PDF" disabled={invalidRange} />
            <ExportButton path="/v1/reportes/marcas/exportar" query={{ ...filters, formato: 'csv' }} filename={`reporte-marcas-${desde}-a-${hasta}.csv`} label="Exportar CSV" disabled={invalidRange} />
          </>
        }
      />
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={filtered}>
        <PeriodFilter desde={desde} hasta={hasta} onChange={(key, v) => table.setFilter(key, v)} />
        {perfil !== 'trabajador' && <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} scoped />}
        {perfil !== 'trabajador' && (
          <FilterSelect
            label="Grupo"
            data={options.data?.grupos ?? []}
            value={table.filters.grupoId}
            onChange={(v) => table.setFilter('grupoId', v)}
            searchable
          />
        )}
        <FilterSelect
          label="Sede"
          data={options.data?.sedes ?? []}
          value={table.filters.sedeId}
          onChange={(v) => table.setFilter('sedeId', v)}
          placeholder="Todas"
          searchable
        />
        <FilterSelect label="Tipo" data={TIPO_OPTIONS} value={table.filters.tipo} onChange={(v) => table.setFilter('tipo', v)} />
        <FilterSelect label="Método" data={METODO_OPTIONS} value={table.filters.metodo} onChange={(v) => table.setFilter('metodo', v)} />
      </FilterBar>

      <div className={classes.body} data-fetching={report.isFetching && !report.isPending ? true : undefined} aria-busy={report.isFetching || undefined}>
        {invalidRange ? (
          <EmptyState title="Revisa el periodo" description="La fecha final es anterior a la inicial." />
        ) : report.isPending ? (
          <BlockSkeleton lines={8} label="Cargando reporte de marcas" />
        ) : report.error && !data ? (
          <ErrorState error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} title="No pudimos cargar el reporte" />
        ) : data ? (
          <>
            <Summary report={data} />
            {data.bloques.length === 0 ? (
              <EmptyState
                title={REPORTE_SIN_TRABAJADORES}
                description="Prueba con otro periodo, trabajador, grupo o sede, o limpia los filtros."
              />
            ) : (
              <>
                {data.bloques.map((block) => (
                  <WorkerBlock key={block.trabajador.id} block={block} linkReceipts={perfil !== 'fiscalizador'} />
                ))}
                <div className={classes.pager}>
                  <Text size="sm" c="dimmed" aria-live="polite">
                    Trabajadores {first.toLocaleString('es-CL')}–{last.toLocaleString('es-CL')} de {total.toLocaleString('es-CL')}
                  </Text>
                  {total > PAGE_SIZE && (
                    <Pagination
                      total={Math.ceil(total / PAGE_SIZE)}
                      value={table.page}
                      onChange={table.setPage}
                      size="sm"
                      siblings={1}
                      boundaries={1}
                      aria-label="Paginación de trabajadores"
                      getControlProps={(control) => {
                        const labels = { first: 'Primera página', last: 'Última página', next: 'Página siguiente', previous: 'Página anterior' };
                        return { 'aria-label': labels[control] };
                      }}
                      getItemProps={(item) => ({ 'aria-label': `Página ${item}`, 'aria-current': item === table.page ? 'page' : undefined })}
                    />
                  )}
                </div>
              </>
            )}
            <section className={classes.glossary} aria-labelledby="glosario-reporte-marcas">
              <Title order={2} id="glosario-reporte-marcas" className={classes.glossaryTitle}>
                Glosario
              </Title>
              <dl>
                {REPORTE_MARCAS_GLOSARIO.map(([term, meaning]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{meaning}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </>
        ) : null}
      </div>
    </EsDatesProvider>
  );
}
