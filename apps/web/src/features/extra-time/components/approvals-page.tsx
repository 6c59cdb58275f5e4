import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Button, Text } from '@mantine/core';
import { ESTADOS_HORAS_EXTRA, type HoraExtra } from '@jornada/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { WorkerFilter } from '../../../components/worker-filter';
import { errorMessage } from '../../../lib/api-client';
import { EsDatesProvider } from '../../../lib/dates';
import { formatDate, plural } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useGroupOptions, useSiteOptions } from '../../../lib/entity-options';
import { useApproveMany, useOvertime } from '../api/overtime';
import { DecisionDialog, type OvertimeAction } from './decision-dialog';
import classes from './extra-time.module.css';
import { ESTADO_LABELS } from './labels';
import { OVERTIME_COLUMNS, OvertimeSummary } from './overtime-cells';

const FILTERS = ['usuarioId', 'grupoId', 'sedeId', 'estado', 'desde', 'hasta'] as const;
const ESTADO_OPTIONS = ESTADOS_HORAS_EXTRA.map((estado) => ({ value: estado, label: ESTADO_LABELS[estado] }));
const keyOf = (h: Pick<HoraExtra, 'fecha'> & { usuario: { id: string } }) => `${h.usuario.id}|${h.fecha}`;

/**
 * `/dashboard/extra-time/approvals`: the overtime the evaluation found for the workers one manages,
 * day by day, with the pact in force and its flags; approve all or part, reject with a reason, or
 * approve several pending days at once (each up to its pact).
 */
export function ApprovalsPage() {
  const { user } = useSession();
  const table = useTableParams({ filters: FILTERS });
  const overtime = useOvertime(table.query);
  const groups = useGroupOptions();
  const sites = useSiteOptions();
  const [acting, setActing] = useState<{ item: HoraExtra; action: OvertimeAction } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const bulk = useApproveMany();
  const rows = overtime.data?.items;
  const pending = overtime.data?.totales.pendientes ?? 0;

  const columns: Column<HoraExtra>[] = [
    {
      key: 'trabajador',
      header: 'Trabajador',
      primary: true,
      cell: (h) => (
        <div className={classes.cell}>
          <Text size="sm" fw={600}>
            {h.usuario.nombre} {h.usuario.apellidos}
          </Text>
          <Text size="xs" c="dimmed">
            {h.usuario.rut}
            {h.usuario.grupo ? ` · ${h.usuario.grupo.nombre}` : ''}
          </Text>
        </div>
      ),
    },
    ...OVERTIME_COLUMNS,
  ];

  const approveSelected = async () => {
    const items = [...selected].map((key) => {
      const [usuarioId, fecha] = key.split('|') as [string, string];
      return { usuarioId, fecha };
    });
    try {
      const result = await bulk.mutateAsync(items);
      setSelected(new Set());
      setBulkOpen(false);
      if (result.aprobadas.length) notify.success(`Aprobaste las horas extra de ${plural(result.aprobadas.length, 'día', 'días')}.`);
      if (result.omitidas.length) {
        const first = result.omitidas[0]!;
        notify.info(`${plural(result.omitidas.length, 'día quedó', 'días quedaron')} sin aprobar; por ejemplo, el ${formatDate(first.fecha)}: ${first.motivo}`);
      }
    } catch (failure) {
      notify.error(errorMessage(failure));
      setBulkOpen(false);
    }
  };

  return (
    <EsDatesProvider>
      <PageHeader
        title="Aprobación de horas extra"
        description={
          user.perfil === 'supervisor'
            ? 'Las horas extra que la evaluación encontró en las personas de los grupos que lideras. Todas se pagan (art. 32): aprobar es revisarlas; sin pacto o sobre el máximo del pacto son un incumplimiento que hay que corregir, y una hora mal registrada se corrige en las marcas.'
            : 'Las horas extra que la evaluación encontró en la empresa. Todas se pagan (art. 32): aprobar es revisarlas; sin pacto o sobre el máximo del pacto son un incumplimiento que hay que corregir, y una hora mal registrada se corrige en las marcas.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Horas extra' }, { label: 'Aprobación' }]}
        actions={
          <Button component={Link} to="/dashboard/extra-time/pacts" variant="default">
            Pactos
          </Button>
        }
      />
      <FilterBar onClear={table.clear} canClear={table.filtered}>
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} />
        <FilterSelect label="Grupo" data={groups} value={table.filters.grupoId} onChange={(v) => table.setFilter('grupoId', v)} />
        <FilterSelect label="Sede" data={sites} value={table.filters.sedeId} onChange={(v) => table.setFilter('sedeId', v)} placeholder="Todas" />
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={table.filters.estado} onChange={(v) => table.setFilter('estado', v)} />
        <DateRangeFilter desde={table.filters.desde} hasta={table.filters.hasta} onChange={(name, v) => table.setFilter(name, v)} />
      </FilterBar>
      <OvertimeSummary data={overtime.data} />
      <div className={classes.toolbar}>
        {pending > 0 && table.filters.estado !== 'pendiente' && (
          <Button size="xs" variant="light" onClick={() => table.setFilter('estado', 'pendiente')}>
            Ver pendientes
          </Button>
        )}
        <Button size="xs" disabled={selected.size === 0} onClick={() => setBulkOpen(true)}>
          {selected.size ? `Aprobar seleccionadas (${selected.size})` : 'Aprobar seleccionadas'}
        </Button>
      </div>
      <DataTable
        caption="Horas extra"
        columns={columns}
        rows={rows}
        rowKey={keyOf}
        loading={overtime.isPending}
        fetching={overtime.isFetching && !overtime.isPending}
        error={overtime.error}
        onRetry={() => void overtime.refetch()}
        page={table.page}
        pageSize={overtime.data?.pageSize ?? table.pageSize}
        total={overtime.data?.total}
        onPageChange={table.setPage}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (id) => {
            const row = rows?.find((r) => keyOf(r) === id);
            return row ? `Seleccionar las horas extra de ${row.usuario.nombre} ${row.usuario.apellidos} del ${formatDate(row.fecha)}` : 'Seleccionar';
          },
        }}
        rowActions={(row) =>
          row.puedeDecidir && (row.estado === 'pendiente' || row.alertas.includes('cambio')) ? (
            <div className={classes.actions}>
              {row.aprobableSegundos > 0 && (
                <Button size="xs" onClick={() => setActing({ item: row, action: 'aprobar' })} aria-label={`Aprobar las horas extra de ${row.usuario.nombre} ${row.usuario.apellidos} del ${formatDate(row.fecha)}`}>
                  Aprobar
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => setActing({ item: row, action: 'rechazar' })} aria-label={`Rechazar las horas extra de ${row.usuario.nombre} ${row.usuario.apellidos} del ${formatDate(row.fecha)}`}>
                Rechazar
              </Button>
            </div>
          ) : null
        }
        empty={
          table.filtered
            ? {
                title: 'No hay horas extra que coincidan con los filtros',
                description: 'Prueba con otro trabajador, grupo, sede, estado o periodo, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : {
                title: 'No hay horas extra en el periodo',
                description: 'Cuando la evaluación de asistencia encuentre horas trabajadas sobre la jornada, aparecerán aquí para aprobarlas.',
              }
        }
      />
      <DecisionDialog item={acting?.item ?? null} action={acting?.action ?? null} onClose={() => setActing(null)} />
      <ConfirmDialog
        opened={bulkOpen}
        onClose={() => setBulkOpen(false)}
        title="Aprobar horas extra seleccionadas"
        message={`Se aprobarán completas las horas extra de ${plural(selected.size, 'día', 'días')}, cada una hasta el máximo diario de su pacto. Los días sin pacto vigente o ya decididos quedan como están.`}
        confirmLabel="Aprobar"
        loading={bulk.isPending}
        onConfirm={approveSelected}
      />
    </EsDatesProvider>
  );
}
