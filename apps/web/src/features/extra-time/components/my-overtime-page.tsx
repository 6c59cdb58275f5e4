import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Button } from '@mantine/core';
import { ESTADOS_HORAS_EXTRA, type Pacto } from '@jornada/contracts';
import { useState } from 'react';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { EsDatesProvider } from '../../../lib/dates';
import { useMyOvertime, useMyPacts } from '../api/overtime';
import { ESTADO_LABELS, formatMinutes, PactStatus } from './labels';
import { OVERTIME_COLUMNS, OvertimeSummary } from './overtime-cells';
import { DocumentButton, vigenciaText } from './pacts-page';

const FILTERS = ['estado', 'desde', 'hasta'] as const;
const ESTADO_OPTIONS = ESTADOS_HORAS_EXTRA.map((estado) => ({ value: estado, label: ESTADO_LABELS[estado] }));

const PACT_COLUMNS: Column<Pacto>[] = [
  { key: 'vigencia', header: 'Vigencia', primary: true, nowrap: true, cell: vigenciaText },
  { key: 'maximo', header: 'Máximo por día', nowrap: true, cell: (p) => formatMinutes(p.maxMinutosDia) },
  { key: 'compensacion', header: 'Compensación', nowrap: true, cell: (p) => (p.compensacion === 'feriado' ? 'Días de feriado' : 'Pago') },
  { key: 'estado', header: 'Estado', nowrap: true, cell: (p) => <PactStatus estado={p.estado} diasRestantes={p.diasRestantes} /> },
  { key: 'documento', header: 'Pacto firmado', cell: (p) => <DocumentButton pacto={p} /> },
];

function MyPacts() {
  const [page, setPage] = useState(1);
  const pacts = useMyPacts({ page, pageSize: 5 });
  return (
    <DataTable
      caption="Mis pactos de horas extra"
      columns={PACT_COLUMNS}
      rows={pacts.data?.items}
      rowKey={(row) => row.id}
      loading={pacts.isPending}
      error={pacts.error}
      onRetry={() => void pacts.refetch()}
      page={page}
      pageSize={5}
      total={pacts.data?.total}
      onPageChange={setPage}
      empty={{ title: 'No tienes pactos de horas extra', description: 'Tus horas extra se pagan con o sin pacto (art. 32). Sin un pacto escrito vigente, el empleador no cumple la ley: consulta con tu jefatura.' }}
    />
  );
}

/**
 * `/dashboard/extra-time/mine`: one's own overtime, approved or not, day by day with the decision and
 * its reason, and one's overtime pacts with their signed document.
 */
export function MyOvertimePage() {
  const table = useTableParams({ filters: FILTERS });
  const overtime = useMyOvertime(table.query);
  return (
    <EsDatesProvider>
      <PageHeader
        title="Mis horas extra"
        description="Las horas extra que la evaluación de tu asistencia encontró y la revisión de tu jefatura. Todas las horas extra trabajadas se pagan."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Horas extra' }, { label: 'Mis horas extra' }]}
      />
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={table.filters.estado} onChange={(v) => table.setFilter('estado', v)} />
        <DateRangeFilter desde={table.filters.desde} hasta={table.filters.hasta} onChange={(name, v) => table.setFilter(name, v)} />
      </FilterBar>
      <OvertimeSummary data={overtime.data} />
      <DataTable
        caption="Mis horas extra"
        columns={OVERTIME_COLUMNS.map((c, i) => (i === 0 ? { ...c, primary: true } : c))}
        rows={overtime.data?.items}
        rowKey={(row) => row.fecha}
        loading={overtime.isPending}
        fetching={overtime.isFetching && !overtime.isPending}
        error={overtime.error}
        onRetry={() => void overtime.refetch()}
        page={table.page}
        pageSize={overtime.data?.pageSize ?? table.pageSize}
        total={overtime.data?.total}
        onPageChange={table.setPage}
        empty={
          table.filtered
            ? {
                title: 'No hay horas extra que coincidan con los filtros',
                description: 'Prueba con otro estado o periodo, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : { title: 'No tienes horas extra en el periodo', description: 'Si trabajas más allá de tu jornada, aparecerán aquí con la decisión de tu jefatura.' }
        }
      />
      <SectionCard title="Mis pactos de horas extra" flush>
        <MyPacts />
      </SectionCard>
    </EsDatesProvider>
  );
}
