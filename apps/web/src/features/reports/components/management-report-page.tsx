import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Button, Modal, Table, Text, Title } from '@mantine/core';
import {
  celdaTexto,
  REPORTE_SIN_TRABAJADORES,
  REPORTES_GESTION,
  REPORTES_GESTION_INFO,
  type ColumnaReporte,
  type FilaReporteGestion,
  type ReporteGestion,
  type ReporteGestionResponse,
} from '@jornada/contracts';
import { useState, type ComponentType } from 'react';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { EmptyState } from '../../../components/states';
import { WorkerFilter } from '../../../components/worker-filter';
import { EsDatesProvider } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useManagementOptions, useManagementReport } from '../api/management-reports';
import { presetRange } from '../period';
import { PeriodFilter } from './period-filter';
import classes from './management-report.module.css';
import { ReportChart } from './report-chart';
import { todayInChile } from '../../../lib/format';

const FILTERS = ['desde', 'hasta', 'usuarioId', 'grupoId', 'sedeId', 'cargo', 'turnoId'] as const;
const PAGE_SIZE = 25;

const DESCRIPTIONS: Record<ReporteGestion, string> = {
  asistencia: 'Días planificados, presentes, ausentes y con permiso, y horas trabajadas, por trabajador y para el periodo.',
  atrasos: 'Cada atraso y salida anticipada pasada la tolerancia del turno, y lo que queda tras la compensación semanal.',
  ausencias: 'Los días con turno sin asistencia, justificados o no y por qué permiso.',
  'permisos-asignados': 'Los permisos del periodo por trabajador: tipo, días u horas, con o sin goce y estado.',
  'horas-extra': 'El tiempo extra de cada día, dentro y sobre el límite de 2 horas diarias, y lo trabajado en domingos y feriados.',
  dotacion: 'El personal con contrato vigente por grupo, sede y cargo, y los días planificados frente a los días con asistencia.',
};

/** `dd/mm/aaaa` of `aaaa-mm-dd`. */
const clDate = (date: string) => date.split('-').reverse().join('/');
const isFigure = (c: ColumnaReporte) => c.tipo !== 'texto' && c.tipo !== 'fecha';

function DetailDialog({ report, row, onClose }: { report: ReporteGestionResponse; row: FilaReporteGestion | null; onClose: () => void }) {
  const title = row ? `${String(row.celdas[report.columnas[0]!.clave] ?? '')}: ${report.reporte === 'permisos-asignados' ? 'permisos' : 'días'} del periodo` : '';
  return (
    <Modal opened={row !== null} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {row && (
        <div className={classes.detailTable}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                {report.columnasDetalle.map((c) => (
                  <Table.Th key={c.clave} style={{ textAlign: isFigure(c) ? 'right' : 'left', whiteSpace: 'nowrap' }}>
                    {c.etiqueta}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.detalle.map((d, i) => (
                <Table.Tr key={i}>
                  {report.columnasDetalle.map((c) => (
                    <Table.Td key={c.clave} style={{ textAlign: isFigure(c) ? 'right' : 'left', whiteSpace: c.tipo === 'texto' ? undefined : 'nowrap' }}>
                      {celdaTexto(d[c.clave], c.tipo)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Modal>
  );
}

function Totals({ report }: { report: ReporteGestionResponse }) {
  const summed = report.columnas.filter((c) => c.total);
  return (
    <section aria-labelledby="totales-periodo">
      <Title order={2} id="totales-periodo" className={classes.panelTitle}>
        Totales del periodo
      </Title>
      <dl className={classes.totals}>
        {summed.map((c) => (
          <div key={c.clave} className={classes.tile}>
            <dt>{c.etiqueta}</dt>
            <dd>{celdaTexto(report.totales[c.clave], c.tipo)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A management report page (`/dashboard/reports/attendance`, `arrears`, `absences`,
 * `assigned-permissions`, `extra-time`, `endowment`): every filter in sight and in the URL, the
 * period's totals, a chart, the sortable and paginated table with each row's days in a dialog, and
 * the same report as Excel, PDF or CSV. The columns come from the server, so the six share this page.
 */
function ManagementReportPage({ reporte }: { reporte: ReporteGestion }) {
  const { user } = useSession();
  const perfil = user.perfil;
  const info = REPORTES_GESTION_INFO[reporte];
  const table = useTableParams({ filters: FILTERS, pageSize: PAGE_SIZE });
  const options = useManagementOptions();
  const [detail, setDetail] = useState<FilaReporteGestion | null>(null);
  const defaults = presetRange('mes', todayInChile());
  const desde = table.filters.desde || defaults.desde;
  const hasta = table.filters.hasta || defaults.hasta;
  const invalidRange = hasta < desde;
  const filters: Record<string, string> = { desde, hasta };
  for (const key of ['usuarioId', 'grupoId', 'sedeId', 'cargo', 'turnoId'] as const) if (table.filters[key]) filters[key] = table.filters[key];
  if (table.sort) {
    filters.orden = table.sort.by;
    filters.direccion = table.sort.dir;
  }
  const report = useManagementReport(reporte, { ...filters, page: table.page, pageSize: PAGE_SIZE }, !invalidRange);
  const data = report.data;
  const filtered = FILTERS.some((key) => Boolean(table.filters[key]));

  const columns: Column<FilaReporteGestion>[] = (data?.columnas ?? []).map((c, index) => ({
    key: c.clave,
    header: c.etiqueta,
    sortable: c.ordenable,
    align: isFigure(c) ? 'right' : 'left',
    primary: index === 0,
    // A RUT never breaks across two lines.
    nowrap: c.tipo !== 'texto' || c.clave === 'rut',
    cell: (row) => celdaTexto(row.celdas[c.clave], c.tipo),
  }));
  const hasDetail = (data?.columnasDetalle.length ?? 0) > 0;
  const base = `reporte-${reporte}-${desde}-a-${hasta}`;

  return (
    <EsDatesProvider>
      <PageHeader
        title={info.titulo}
        description={perfil === 'trabajador' ? `${DESCRIPTIONS[reporte]} Solo tus propios registros.` : perfil === 'supervisor' ? `${DESCRIPTIONS[reporte]} Los grupos que lideras.` : DESCRIPTIONS[reporte]}
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Reportes' }, { label: info.menu }]}
        actions={
          <>
            <ExportButton path={`/v1/reportes/${reporte}/exportar`} query={{ ...filters, formato: 'xlsx' }} filename={`${base}.xlsx`} label="Exportar Excel" disabled={invalidRange} />
            <ExportButton path={`/v1/reportes/${reporte}/exportar`} query={{ ...filters, formato: 'pdf' }} filename={`${base}.pdf`} label="Exportar PDF" disabled={invalidRange} />
            <ExportButton path={`/v1/reportes/${reporte}/exportar`} query={{ ...filters, formato: 'csv' }} filename={`${base}.csv`} label="Exportar CSV" disabled={invalidRange} />
          </>
        }
      />
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={filtered}>
        <PeriodFilter desde={desde} hasta={hasta} onChange={(key, v) => table.setFilter(key, v)} />
        {perfil !== 'trabajador' && reporte !== 'dotacion' && (
          <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} scoped />
        )}
        {perfil !== 'trabajador' && (
          <FilterSelect
            label="Grupo"
            data={options.data?.grupos ?? []}
            value={table.filters.grupoId}
            onChange={(v) => table.setFilter('grupoId', v)}
            searchable
          />
        )}
        {perfil !== 'trabajador' && (
          <FilterSelect
            label="Sede"
            data={options.data?.sedes ?? []}
            value={table.filters.sedeId}
            onChange={(v) => table.setFilter('sedeId', v)}
            placeholder="Todas"
            searchable
          />
        )}
        {perfil !== 'trabajador' && (
          <FilterSelect
            label="Cargo"
            data={options.data?.cargos ?? []}
            value={table.filters.cargo}
            onChange={(v) => table.setFilter('cargo', v)}
            searchable
          />
        )}
        <FilterSelect
          label="Turno"
          data={options.data?.turnos ?? []}
          value={table.filters.turnoId}
          onChange={(v) => table.setFilter('turnoId', v)}
          searchable
        />
      </FilterBar>

      <div className={classes.body} data-fetching={report.isFetching && !report.isPending ? true : undefined} aria-busy={report.isFetching || undefined}>
        {invalidRange ? (
          <EmptyState title="Revisa el periodo" description="La fecha final es anterior a la inicial." />
        ) : (
          <>
            {data && (
              <div className={classes.summary}>
                <Text size="sm">
                  <strong>{data.empresa.razonSocial}</strong> · RUT {data.empresa.rut} · Del {clDate(data.desde)} al {clDate(data.hasta)}
                  {data.hastaCerrado < data.hasta ? ` (días cerrados hasta el ${clDate(data.hastaCerrado)})` : ''} · Generado el {data.generadoEn}
                </Text>
                <Text size="sm" className={classes.note}>
                  {data.nota}
                </Text>
              </div>
            )}
            {data && data.total > 0 && <Totals report={data} />}
            {data && data.total > 0 && (
              <section className={classes.panel} aria-labelledby="grafico-reporte">
                <Title order={2} id="grafico-reporte" className={classes.panelTitle}>
                  {data.grafico.titulo}
                </Title>
                <ReportChart chart={data.grafico} />
              </section>
            )}
            <DataTable
              caption={info.titulo}
              columns={columns}
              rows={data?.filas}
              rowKey={(row) => row.id}
              loading={report.isPending}
              fetching={report.isFetching && !report.isPending}
              error={report.error && !data ? report.error : undefined}
              onRetry={() => void report.refetch()}
              empty={{ title: REPORTE_SIN_TRABAJADORES, description: 'Prueba con otro periodo o filtro, o limpia los filtros.' }}
              page={table.page}
              pageSize={PAGE_SIZE}
              total={data?.total}
              onPageChange={table.setPage}
              sort={table.sort ?? (data ? { by: data.orden, dir: data.direccion } : null)}
              onSortChange={table.setSort}
              rowActions={
                hasDetail
                  ? (row) =>
                      row.detalle.length > 0 ? (
                        <Button size="compact-sm" variant="light" onClick={() => setDetail(row)} aria-label={`Ver el detalle de ${String(row.celdas[data!.columnas[0]!.clave] ?? '')}`}>
                          Ver detalle ({row.detalle.length})
                        </Button>
                      ) : null
                  : undefined
              }
            />
            {data && <DetailDialog report={data} row={detail} onClose={() => setDetail(null)} />}
          </>
        )}
      </div>
    </EsDatesProvider>
  );
}

const byRoute = new Map(REPORTES_GESTION.map((reporte) => [REPORTES_GESTION_INFO[reporte].ruta, reporte]));
const pages = new Map<string, ComponentType>();

/** The page component of a web route (`attendance`, `arrears`...), one per report so React keeps their state apart. */
export function managementReportPage(ruta: string): ComponentType {
  let page = pages.get(ruta);
  if (!page) {
    const reporte = byRoute.get(ruta)!;
    const Page = () => <ManagementReportPage reporte={reporte} />;
    Page.displayName = `ManagementReportPage(${reporte})`;
    pages.set(ruta, (page = Page));
  }
  return page;
}
