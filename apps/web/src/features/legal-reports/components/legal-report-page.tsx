import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Pagination, Select, Text, Title } from '@mantine/core';
import {
  PERIODO_REPORTE_LEGAL_LABELS,
  PERIODOS_REPORTE_LEGAL,
  periodoReporteLegal,
  REPORTE_LEGAL_TITULOS,
  REPORTES_LEGALES,
  TIPO_JORNADA_LABELS,
  TIPOS_JORNADA,
  type BloqueReporteLegal,
  type PeriodoReporteLegal,
  type ReporteLegal,
  type ReporteLegalId,
} from '@jornada/contracts';
import { countActiveFilters, FilterBar, useTableParams } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { WorkerFilter } from '../../../components/worker-filter';
import { EsDatesProvider } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useLegalOptions, useLegalReport } from '../api/legal-reports';
import classes from './legal-reports.module.css';
import { todayInChile } from '../../../lib/format';

const FILTERS = ['reporte', 'periodo', 'desde', 'hasta', 'usuarioId', 'grupoId', 'sedeId', 'cargo', 'turnoId', 'tipoJornada'] as const;
const PAGE_SIZE = 10;
const REPORT_OPTIONS = REPORTES_LEGALES.map((id) => ({ value: id, label: REPORTE_LEGAL_TITULOS[id] }));
const PERIOD_OPTIONS = PERIODOS_REPORTE_LEGAL.map((p) => ({ value: p, label: PERIODO_REPORTE_LEGAL_LABELS[p] }));
const JORNADA_OPTIONS = TIPOS_JORNADA.map((t) => ({ value: t, label: TIPO_JORNADA_LABELS[t] }));
const EXPORTS = [
  { formato: 'xlsx', label: 'Exportar Excel' },
  { formato: 'pdf', label: 'Exportar PDF' },
  { formato: 'docx', label: 'Exportar Word' },
] as const;

function Block({ block, columns }: { block: BloqueReporteLegal; columns: readonly string[] }) {
  return (
    <section className={classes.block} aria-label={block.titulo}>
      <Title order={2} className={classes.blockTitle}>
        {block.titulo}
      </Title>
      {block.detalles.length > 0 && <Text className={classes.details}>{block.detalles.join(' · ')}</Text>}
      {block.vacio ? (
        <Text className={classes.blockEmpty}>{block.vacio}</Text>
      ) : (
        // Focusable so a keyboard can scroll a wide table sideways on a phone.
        <div className={classes.scroll} tabIndex={0} role="group" aria-label={`Tabla: ${block.titulo}`}>
          <table className={classes.table}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.filas.map((f, i) => (
                <tr key={i} data-total={f.tipo === 'total' || undefined}>
                  {f.celdas.map((c, j) => (
                    <td key={j}>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Heading({ report }: { report: ReporteLegal }) {
  return (
    <div className={classes.heading}>
      <Title order={2} className={classes.reportTitle}>
        {report.titulo}
      </Title>
      <Text size="sm">
        Empleador: <strong>{report.empresa.razonSocial}</strong> · RUT {report.empresa.rut} · Generado el {report.generadoEn}
      </Text>
      <Text size="sm" c="dimmed">
        {report.filtros.map((f) => `${f.etiqueta}: ${f.valor}`).join(' · ')}
      </Text>
    </div>
  );
}

/**
 * `/dashboard/reports/legal`: the Dirección del Trabajo's legal reports a) to f) (e is the daily
 * e-mail) for administrators and, read-only, for the inspector of the chosen employer. Every filter is
 * in sight and in the URL; the preview is the document the Excel, PDF and Word downloads hold.
 */
export function LegalReportPage() {
  const { user } = useSession();
  const table = useTableParams({ filters: FILTERS, pageSize: PAGE_SIZE });
  const options = useLegalOptions();
  const reporte = (REPORTES_LEGALES as readonly string[]).includes(table.filters.reporte) ? (table.filters.reporte as ReporteLegalId) : 'asistencia';
  const periodo = (PERIODOS_REPORTE_LEGAL as readonly string[]).includes(table.filters.periodo) ? (table.filters.periodo as PeriodoReporteLegal) : 'mes';
  const desde = table.filters.desde || todayInChile();
  const range = periodo === 'rango' ? { desde, hasta: table.filters.hasta || desde } : periodoReporteLegal(periodo, desde);
  const invalidRange = range.hasta < range.desde;
  const filters: Record<string, string> = { periodo, desde };
  if (periodo === 'rango') filters.hasta = range.hasta;
  for (const key of ['usuarioId', 'grupoId', 'sedeId', 'cargo', 'turnoId', 'tipoJornada'] as const) if (table.filters[key]) filters[key] = table.filters[key];
  const report = useLegalReport(reporte, { ...filters, page: table.page, pageSize: PAGE_SIZE }, !invalidRange);
  const data = report.data;
  const perWorker = reporte !== 'incidentes';
  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : (table.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, table.page * PAGE_SIZE);
  const canClear = FILTERS.some((key) => key !== 'reporte' && Boolean(table.filters[key]));
  const select = (label: string, key: (typeof FILTERS)[number], data: { value: string; label: string }[], placeholder = 'Todos') => (
    <FilterSelect label={label} data={data} value={table.filters[key]} onChange={(v) => table.setFilter(key, v)} placeholder={placeholder} searchable />
  );

  return (
    <EsDatesProvider>
      <PageHeader
        title="Reportes legales"
        description={
          user.perfil === 'fiscalizador'
            ? 'Los reportes de la Dirección del Trabajo del empleador elegido, solo lectura. Cada consulta queda registrada.'
            : 'Los reportes que exige la Dirección del Trabajo (Res. Ex. 38 de 2024), iguales en pantalla y en Excel, PDF y Word.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Reportes' }, { label: 'Reportes legales' }]}
        actions={
          <>
            {EXPORTS.map((e) => (
              <ExportButton
                key={e.formato}
                path={`/v1/reportes-legales/${reporte}/exportar`}
                query={{ ...filters, formato: e.formato }}
                filename={`${reporte}-${range.desde}-${range.hasta}.${e.formato}`}
                label={e.label}
                disabled={invalidRange}
              />
            ))}
          </>
        }
      />
      <FilterBar
        pinned={
          <Select label="Reporte" size="sm" data={REPORT_OPTIONS} value={reporte} onChange={(v) => table.setFilter('reporte', v)} allowDeselect={false} className={classes.reportSelect} />
        }
        activeCount={countActiveFilters(table.filters, FILTERS.filter((key) => key !== 'reporte'))}
        onClear={table.clear}
        canClear={canClear}
      >
        <Select label="Periodo" size="sm" data={PERIOD_OPTIONS} value={periodo} onChange={(v) => table.setFilter('periodo', v)} allowDeselect={false} />
        <DateField name="desde" label={periodo === 'rango' ? 'Desde' : 'Fecha del periodo'} size="sm" value={desde} onChange={(v) => table.setFilter('desde', v)} clearable={false} />
        {periodo === 'rango' && (
          <DateField
            name="hasta"
            label="Hasta"
            size="sm"
            value={range.hasta}
            onChange={(v) => table.setFilter('hasta', v)}
            minDate={desde}
            clearable={false}
            error={invalidRange ? 'La fecha final es anterior a la inicial.' : undefined}
          />
        )}
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} scoped />
        {select('Grupo', 'grupoId', options.data?.grupos ?? [])}
        {select('Tipo de jornada', 'tipoJornada', JORNADA_OPTIONS, 'Todas')}
        {select('Turno', 'turnoId', options.data?.turnos ?? [])}
        {select('Sede', 'sedeId', options.data?.sedes ?? [], 'Todas')}
        {select('Cargo', 'cargo', options.data?.cargos ?? [])}
      </FilterBar>

      <div className={classes.body} data-fetching={report.isFetching && !report.isPending ? true : undefined} aria-busy={report.isFetching || undefined}>
        {invalidRange ? (
          <EmptyState title="Revisa el periodo" description="La fecha final es anterior a la inicial." />
        ) : report.isPending ? (
          <BlockSkeleton lines={8} label="Cargando reporte legal" />
        ) : report.error && !data ? (
          <ErrorState error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} title="No pudimos cargar el reporte" />
        ) : data ? (
          <>
            <Heading report={data} />
            {data.vacio && <EmptyState title={data.vacio} description="Prueba con otro periodo o limpia los filtros." />}
            {data.bloques.map((block, i) => (
              <Block key={`${block.titulo}-${i}`} block={block} columns={data.columnas} />
            ))}
            {perWorker && total > 0 && (
              <div className={classes.pager}>
                <Text size="sm" c="dimmed" aria-live="polite">
                  Trabajadores {first.toLocaleString('es-CL')}–{last.toLocaleString('es-CL')} de {total.toLocaleString('es-CL')}
                </Text>
                {total > PAGE_SIZE && (
                  <Pagination total={Math.ceil(total / PAGE_SIZE)} value={table.page} onChange={table.setPage} size="sm" aria-label="Paginación de trabajadores" />
                )}
              </div>
            )}
            <section className={classes.glossary} aria-labelledby="glosario-reportes-legales">
              <Title order={2} id="glosario-reportes-legales" className={classes.glossaryTitle}>
                Glosario de abreviaturas
              </Title>
              <dl>
                {data.glosario.map((g) => (
                  <div key={g.sigla}>
                    <dt>{g.sigla}</dt>
                    <dd>{g.significado}</dd>
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
