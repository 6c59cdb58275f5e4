import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Text } from '@mantine/core';
import {
  CODIGO_INCONSISTENCIA_LABELS,
  CODIGOS_INCONSISTENCIA,
  codigoInconsistenciaSchema,
  ESTADO_INCONSISTENCIA_LABELS,
  ESTADOS_INCONSISTENCIA,
  estadoInconsistenciaSchema,
  type CodigoInconsistencia,
  type EstadoInconsistencia,
  type FilaInconsistencia,
  type InconsistenciasResponse,
} from '@jornada/contracts';
import { useState } from 'react';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { WorkerFilter } from '../../../components/worker-filter';
import { EsDatesProvider } from '../../../lib/dates';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useScopeOptions } from '../../../lib/entity-options';
import { useInconsistencies } from '../api/inconsistencies';
import { DayDrawer } from './day-drawer';
import classes from './inconsistencies.module.css';

const FILTERS = ['desde', 'hasta', 'grupoId', 'sedeId', 'usuarioId', 'codigo', 'estado'] as const;
const CODIGO_OPTIONS = CODIGOS_INCONSISTENCIA.map((codigo) => ({ value: codigo, label: CODIGO_INCONSISTENCIA_LABELS[codigo] }));
const ESTADO_OPTIONS = ESTADOS_INCONSISTENCIA.map((estado) => ({ value: estado, label: ESTADO_INCONSISTENCIA_LABELS[estado] }));
const ESTADO_INCONSISTENCIA_COLOR: Record<EstadoInconsistencia, string> = { abierta: 'orange', en_correccion: 'blue', descartada: 'gray' };

export function InconsistencyStateBadge({ estado }: { estado: EstadoInconsistencia }) {
  return (
    <Badge color={ESTADO_INCONSISTENCIA_COLOR[estado]} variant="light" radius="sm" className={classes.badge}>
      {ESTADO_INCONSISTENCIA_LABELS[estado]}
    </Badge>
  );
}

const TIPO_LABELS: Record<string, string> = { entrada: 'Entrada', salida: 'Salida', inicio_colacion: 'Inicio colación', fin_colacion: 'Fin colación' };

function Counts({ data, selected, onSelect }: { data: InconsistenciasResponse; selected: string; onSelect: (codigo: CodigoInconsistencia | null) => void }) {
  return (
    <>
      <div className={classes.chips} role="group" aria-label="Inconsistencias por tipo">
        {CODIGOS_INCONSISTENCIA.map((codigo) => {
          const count = data.conteos[codigo] ?? 0;
          const pressed = selected === codigo;
          return (
            <button
              key={codigo}
              type="button"
              className={classes.chip}
              data-zero={count === 0 || undefined}
              aria-pressed={pressed}
              aria-label={`${CODIGO_INCONSISTENCIA_LABELS[codigo]}: ${count.toLocaleString('es-CL')}`}
              title={pressed ? 'Mostrar todos los tipos' : `Mostrar solo «${CODIGO_INCONSISTENCIA_LABELS[codigo]}»`}
              onClick={() => onSelect(pressed ? null : codigo)}
            >
              <span className={classes.chipLabel}>{CODIGO_INCONSISTENCIA_LABELS[codigo]}</span>
              <span className={classes.chipValue}>{count.toLocaleString('es-CL')}</span>
            </button>
          );
        })}
      </div>
      <div className={classes.states} aria-label="Inconsistencias por estado">
        {ESTADOS_INCONSISTENCIA.map((estado) => (
          <span key={estado}>
            {ESTADO_INCONSISTENCIA_LABELS[estado]}: <strong>{(data.conteosEstado[estado] ?? 0).toLocaleString('es-CL')}</strong>
          </span>
        ))}
      </div>
    </>
  );
}

/**
 * `/dashboard/inconsistencies`: what does not add up in the workers' days (a missing exit, a colación
 * not closed, marks on a rest day...), as the attendance evaluation found it, with counts by kind and
 * filters in the URL. Each row opens the day (plan, marks, the engine's explanation) to resolve it: a
 * correction through the 48-hour flow, a permission, or a dismissal with its reason.
 */
export function InconsistenciesPage() {
  const { user } = useSession();
  const table = useTableParams({ filters: FILTERS, pageSize: 25 });
  const options = useScopeOptions();
  const codigo = codigoInconsistenciaSchema.safeParse(table.filters.codigo).success ? table.filters.codigo : '';
  const estado = estadoInconsistenciaSchema.safeParse(table.filters.estado).success ? table.filters.estado : '';
  const query = { ...table.query };
  if (!codigo) delete query.codigo;
  if (!estado) delete query.estado;
  const list = useInconsistencies(query);
  const data = list.data;
  const [open, setOpen] = useState<{ usuarioId: string; fecha: string; nombre: string } | null>(null);
  const exportQuery = Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'page' && key !== 'pageSize'));

  const columns: Column<FilaInconsistencia>[] = [
    { key: 'fecha', header: 'Fecha', nowrap: true, cell: (row) => formatDate(row.fecha) },
    {
      key: 'trabajador',
      header: 'Trabajador',
      primary: true,
      cell: (row) => (
        <div className={classes.who}>
          <span>
            {row.nombre} {row.apellidos}
          </span>
          <Text size="xs" c="dimmed">
            {row.rut}
          </Text>
        </div>
      ),
    },
    {
      key: 'tipo',
      header: 'Inconsistencia',
      cell: (row) => (
        <div className={classes.cellStack}>
          <span>{row.etiqueta}</span>
          <InconsistencyStateBadge estado={row.estado} />
        </div>
      ),
    },
    { key: 'plan', header: 'Planificación', cell: (row) => row.plan },
    {
      key: 'marcas',
      header: 'Marcas',
      cell: (row) =>
        row.marcas.length === 0 ? (
          'Sin marcas'
        ) : (
          <div className={classes.cellStack}>
            {row.marcas.map((m) => (
              <span key={m.id}>
                {TIPO_LABELS[m.tipo] ?? m.tipo} {m.hora.slice(0, 5)}
                {m.estado === 'ignorada' ? ' (no cuenta)' : ''}
              </span>
            ))}
          </div>
        ),
    },
    {
      key: 'grupo',
      header: 'Grupo y sede',
      cell: (row) => (
        <div className={classes.cellStack}>
          <span>{row.grupo?.nombre ?? 'Sin grupo'}</span>
          <Text size="xs" c="dimmed">
            {row.sede?.nombre ?? 'Sin sede'}
          </Text>
        </div>
      ),
    },
  ];

  const filteredBeyond = Boolean(table.search || table.filters.grupoId || table.filters.sedeId || table.filters.usuarioId || codigo || estado);

  return (
    <EsDatesProvider>
      <PageHeader
        title="Inconsistencias"
        description={
          user.perfil === 'supervisor'
            ? 'Días de los grupos que lideras que no cuadran según la evaluación de la asistencia: resuélvelos con una corrección, un permiso o un descarte justificado.'
            : 'Días de la empresa que no cuadran según la evaluación de la asistencia: resuélvelos con una corrección, un permiso o un descarte justificado.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Asistencia' }, { label: 'Inconsistencias' }]}
        actions={
          <div className={classes.exports}>
            <ExportButton path="/v1/inconsistencias/exportar" query={{ ...exportQuery, formato: 'xlsx' }} filename="inconsistencias.xlsx" label="Exportar Excel" />
            <ExportButton path="/v1/inconsistencias/exportar" query={{ ...exportQuery, formato: 'csv' }} filename="inconsistencias.csv" label="Exportar CSV" />
          </div>
        }
      />
      <FilterBar
        search={{ label: 'Buscar', placeholder: 'Nombre, apellidos o RUT', value: table.search, onChange: table.setSearch }}
        activeCount={table.activeCount}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <DateRangeFilter desde={table.filters.desde} hasta={table.filters.hasta} onChange={table.setFilter} />
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} scoped />
        <FilterSelect
          label="Grupo"
          data={options.data?.grupos ?? []}
          value={table.filters.grupoId}
          onChange={(v) => table.setFilter('grupoId', v)}
          searchable
        />
        <FilterSelect
          label="Sede"
          data={options.data?.sedes ?? []}
          value={table.filters.sedeId}
          onChange={(v) => table.setFilter('sedeId', v)}
          placeholder="Todas"
          searchable
        />
        <FilterSelect label="Tipo" data={CODIGO_OPTIONS} value={codigo} onChange={(v) => table.setFilter('codigo', v)} />
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={estado} onChange={(v) => table.setFilter('estado', v)} />
      </FilterBar>

      {list.isPending ? (
        <SectionCard>
          <BlockSkeleton lines={6} label="Cargando las inconsistencias" />
        </SectionCard>
      ) : list.error && !data ? (
        <SectionCard>
          <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} title="No pudimos cargar las inconsistencias" />
        </SectionCard>
      ) : data ? (
        <div className={classes.stack}>
          <SectionCard title={`Del ${formatDate(data.desde)} al ${formatDate(data.hasta)}`} description="Solo días ya cerrados: un turno en curso todavía no tiene salida pendiente.">
            <Counts data={data} selected={codigo} onSelect={(next) => table.setFilter('codigo', next)} />
          </SectionCard>
          <DataTable
            caption="Inconsistencias"
            columns={columns}
            rows={data.items}
            rowKey={(row) => `${row.usuarioId}:${row.fecha}:${row.codigo}`}
            fetching={list.isFetching && list.isPlaceholderData}
            page={table.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={table.setPage}
            rowActions={(row) => (
              <Button
                size="xs"
                variant="light"
                aria-label={`Resolver: ${row.etiqueta}, ${row.nombre} ${row.apellidos}, ${formatDate(row.fecha)}`}
                onClick={() => setOpen({ usuarioId: row.usuarioId, fecha: row.fecha, nombre: `${row.nombre} ${row.apellidos}` })}
              >
                Resolver
              </Button>
            )}
            empty={
              filteredBeyond
                ? {
                    title: 'Ninguna inconsistencia coincide con los filtros',
                    description: 'Prueba con otro periodo, tipo, estado, grupo o sede, o limpia los filtros.',
                    action: (
                      <Button variant="light" onClick={table.clear}>
                        Limpiar filtros
                      </Button>
                    ),
                  }
                : {
                    title: 'No hay inconsistencias en el periodo',
                    description: 'Cada día cerrado cuadra: todas las marcas tienen su par y coinciden con la planificación.',
                  }
            }
          />
        </div>
      ) : null}
      <DayDrawer target={open} onClose={() => setOpen(null)} />
    </EsDatesProvider>
  );
}
