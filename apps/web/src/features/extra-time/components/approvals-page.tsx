import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Text.css';
import { Button, SegmentedControl, Text } from '@mantine/core';
import { ESTADOS_HORAS_EXTRA, type HoraExtra, type RevisionHorasExtra } from '@jornada/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { countActiveFilters, DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
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
import { useApproveMany, useConfirmFilter, useOvertime, type ReviewFilter } from '../api/overtime';
import { DecisionDialog, type OvertimeAction } from './decision-dialog';
import classes from './extra-time.module.css';
import { ESTADO_LABELS, formatSeconds } from './labels';
import { OVERTIME_COLUMNS, OvertimeSummary } from './overtime-cells';
import { ThresholdButton } from './threshold-dialog';

const FILTERS = ['usuarioId', 'grupoId', 'sedeId', 'estado', 'desde', 'hasta', 'revision'] as const;
const ESTADO_OPTIONS = ESTADOS_HORAS_EXTRA.map((estado) => ({ value: estado, label: ESTADO_LABELS[estado] }));
const keyOf = (h: Pick<HoraExtra, 'fecha'> & { usuario: { id: string } }) => `${h.usuario.id}|${h.fecha}`;

/**
 * `/dashboard/extra-time/approvals`: the review of the overtime the evaluation found for the workers one
 * manages. By exception by default (no pact, over 2 h, over the pact, on a rest day, over the company's
 * review threshold); confirm all or part of a day, dispute it with a reason, or confirm at once the
 * chosen days or every pending day of the filter. Every found second is paid either way (art. 32).
 */
export function ApprovalsPage() {
  const { user } = useSession();
  const table = useTableParams({ filters: FILTERS });
  const revision: RevisionHorasExtra = table.filters.revision === 'todas' ? 'todas' : 'excepciones';
  const overtime = useOvertime({ ...table.query, revision });
  const groups = useGroupOptions();
  const sites = useSiteOptions();
  const [acting, setActing] = useState<{ item: HoraExtra; action: OvertimeAction } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const bulk = useApproveMany();
  const confirmFilter = useConfirmFilter();
  const [filterOpen, setFilterOpen] = useState(false);
  const rows = overtime.data?.items;
  const pending = overtime.data?.totales.pendientes ?? 0;
  const filterBody: ReviewFilter = {
    revision,
    ...(overtime.data ? { desde: overtime.data.desde, hasta: overtime.data.hasta } : {}),
    ...(table.filters.usuarioId ? { usuarioId: table.filters.usuarioId } : {}),
    ...(table.filters.grupoId ? { grupoId: table.filters.grupoId } : {}),
    ...(table.filters.sedeId ? { sedeId: table.filters.sedeId } : {}),
  };

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
      reportConfirmed(result);
    } catch (failure) {
      notify.error(errorMessage(failure));
      setBulkOpen(false);
    }
  };

  const confirmAllPending = async () => {
    try {
      const result = await confirmFilter.mutateAsync(filterBody);
      setSelected(new Set());
      setFilterOpen(false);
      reportConfirmed(result);
    } catch (failure) {
      notify.error(errorMessage(failure));
      setFilterOpen(false);
    }
  };

  return (
    <EsDatesProvider>
      <PageHeader
        title="Revisión de horas extra"
        description={`Las horas extra que la evaluación encontró ${user.perfil === 'supervisor' ? 'en las personas de los grupos que lideras' : 'en la empresa'}. Todas se pagan, revisadas o no (art. 32): revisar es confirmarlas o disputarlas. Sin pacto, sobre 2 horas o en día de descanso son un incumplimiento del empleador que hay que corregir; una hora mal registrada se corrige en las marcas.`}
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Horas extra' }, { label: 'Revisión' }]}
        actions={
          <>
            {user.perfil === 'administrador' && <ThresholdButton />}
            <Button component={Link} to="/dashboard/extra-time/pacts" variant="default">
              Pactos
            </Button>
          </>
        }
      />
      <SegmentedControl
        mb="md"
        aria-label="Qué días mostrar"
        value={revision}
        onChange={(value) => table.setFilter('revision', value === 'todas' ? 'todas' : null)}
        data={[
          { value: 'excepciones', label: 'Excepciones' },
          { value: 'todas', label: 'Todos los días' },
        ]}
      />
      {revision === 'excepciones' && overtime.data && (
        <Text size="sm" c="dimmed" mb="sm">
          Días sin pacto, sobre 2 horas, sobre el pacto, en día de descanso o con más de {formatSeconds(overtime.data.umbralRevisionMinutos * 60)} de horas extra (el umbral de revisión).
        </Text>
      )}
      <FilterBar
        activeCount={countActiveFilters(table.filters, ['usuarioId', 'grupoId', 'sedeId', 'estado', 'desde', 'hasta'])}
        onClear={table.clear}
        canClear={table.filtered}
      >
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
          {selected.size ? `Confirmar seleccionadas (${selected.size})` : 'Confirmar seleccionadas'}
        </Button>
        {pending > 0 && (
          <Button size="xs" variant="light" onClick={() => setFilterOpen(true)}>
            Confirmar {plural(pending, 'día pendiente', 'días pendientes')} del filtro
          </Button>
        )}
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
                <Button size="xs" onClick={() => setActing({ item: row, action: 'aprobar' })} aria-label={`Confirmar las horas extra de ${row.usuario.nombre} ${row.usuario.apellidos} del ${formatDate(row.fecha)}`}>
                  Confirmar
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => setActing({ item: row, action: 'rechazar' })} aria-label={`Disputar las horas extra de ${row.usuario.nombre} ${row.usuario.apellidos} del ${formatDate(row.fecha)}`}>
                Disputar
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
            : revision === 'excepciones'
              ? {
                  title: 'No hay excepciones en el periodo',
                  description: 'Ningún día tiene horas extra sin pacto, sobre 2 horas, en día de descanso ni sobre el umbral de revisión. Todas las encontradas se pagan.',
                  action: (
                    <Button variant="light" onClick={() => table.setFilter('revision', 'todas')}>
                      Ver todos los días
                    </Button>
                  ),
                }
              : {
                  title: 'No hay horas extra en el periodo',
                  description: 'Cuando la evaluación de asistencia encuentre horas trabajadas sobre la jornada, aparecerán aquí para revisarlas.',
                }
        }
      />
      <DecisionDialog item={acting?.item ?? null} action={acting?.action ?? null} onClose={() => setActing(null)} />
      <ConfirmDialog
        opened={bulkOpen}
        onClose={() => setBulkOpen(false)}
        title="Confirmar horas extra seleccionadas"
        message={`Se confirmarán completas las horas extra de ${plural(selected.size, 'día', 'días')}. Los días ya revisados quedan como están.`}
        confirmLabel="Confirmar"
        loading={bulk.isPending}
        onConfirm={approveSelected}
      />
      <ConfirmDialog
        opened={filterOpen}
        onClose={() => setFilterOpen(false)}
        title="Confirmar los días pendientes del filtro"
        message={`Se confirmarán completas las horas extra de ${plural(pending, 'día pendiente', 'días pendientes')} (${formatSeconds(overtime.data?.totales.pendienteSegundos ?? 0)}) del ${overtime.data ? `${formatDate(overtime.data.desde)} al ${formatDate(overtime.data.hasta)}` : 'periodo'}${revision === 'excepciones' ? ', solo las excepciones' : ''}, con los filtros de trabajador, grupo y sede que elegiste. Los incumplimientos siguen marcados.`}
        confirmLabel="Confirmar todos"
        loading={confirmFilter.isPending}
        onConfirm={confirmAllPending}
      />
    </EsDatesProvider>
  );
}

/** The toasts of a bulk confirmation: how many days, and the first reason of those left as they were. */
function reportConfirmed(result: { confirmadas: number; confirmadasSegundos: number; omitidas: { fecha: string; motivo: string }[] }) {
  if (result.confirmadas) notify.success(`Confirmaste ${formatSeconds(result.confirmadasSegundos)} de horas extra en ${plural(result.confirmadas, 'día', 'días')}.`);
  if (result.omitidas.length) {
    const first = result.omitidas[0]!;
    notify.info(`${plural(result.omitidas.length, 'día quedó', 'días quedaron')} como estaban; por ejemplo, el ${formatDate(first.fecha)}: ${first.motivo}`);
  }
  if (!result.confirmadas && !result.omitidas.length) notify.info('No quedaban días pendientes en el filtro.');
}
