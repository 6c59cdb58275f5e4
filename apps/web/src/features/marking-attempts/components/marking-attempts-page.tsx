import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Badge, Button, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  METODO_MARCA_LABELS,
  METODOS_MARCA,
  MOTIVO_INTENTO_LABELS,
  MOTIVOS_CON_MARCA,
  MOTIVOS_INTENTO,
  TIPO_MARCA_LABELS,
  type Intento,
} from '@jornada/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { EsDatesProvider } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useAttempts, useSiteOptions, useWorkerOption, useWorkerOptions } from '../api/attempts';
import classes from './marking-attempts-page.module.css';

const FILTERS = ['desde', 'hasta', 'usuarioId', 'sedeId', 'motivo', 'metodo'] as const;
const MOTIVO_OPTIONS = MOTIVOS_INTENTO.map((motivo) => ({ value: motivo, label: MOTIVO_INTENTO_LABELS[motivo] }));
const METODO_OPTIONS = METODOS_MARCA.filter((m) => m !== 'correccion').map((metodo) => ({ value: metodo, label: METODO_MARCA_LABELS[metodo] }));

const stamp = new Intl.DateTimeFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Santiago',
});
/** `dd-mm-aaaa hh:mm:ss` (Santiago) of an instant. */
function when(iso: string): string {
  const p = Object.fromEntries(stamp.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

function ReasonBadge({ attempt }: { attempt: Intento }) {
  const recorded = MOTIVOS_CON_MARCA.includes(attempt.motivo);
  const color = recorded ? 'sol' : attempt.motivo === 'marca_repetida' ? 'gray' : 'red';
  return (
    <Badge variant="light" color={color} size="sm" className={classes.badge}>
      {attempt.motivoEtiqueta}
    </Badge>
  );
}

const COLUMNS: Column<Intento>[] = [
  { key: 'instante', header: 'Fecha y hora', nowrap: true, primary: true, cell: (a) => when(a.instante) },
  {
    key: 'trabajador',
    header: 'Trabajador',
    cell: (a) =>
      a.trabajador ? (
        <div>
          <Text size="sm" fw={600}>
            {a.trabajador}
          </Text>
          {a.rut && (
            <Text size="xs" c="dimmed">
              {a.rut}
            </Text>
          )}
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          Sin identificar
        </Text>
      ),
  },
  { key: 'tipo', header: 'Tipo', nowrap: true, cell: (a) => (a.tipo ? TIPO_MARCA_LABELS[a.tipo] : '—') },
  { key: 'metodo', header: 'Método', nowrap: true, cell: (a) => METODO_MARCA_LABELS[a.metodo] },
  { key: 'motivo', header: 'Motivo', cell: (a) => <ReasonBadge attempt={a} /> },
  {
    key: 'detalle',
    header: 'Detalle',
    hideOnMobile: false,
    cell: (a) => (
      <div className={classes.detail}>
        {a.detalle && <Text size="sm">{a.detalle}</Text>}
        {a.dispositivo && (
          <Text size="xs" c="dimmed" truncate="end" title={a.dispositivo}>
            {a.dispositivo}
          </Text>
        )}
        {a.posicion && (
          <Text size="xs" c="dimmed">
            Posición {a.posicion.lat.toFixed(5)}, {a.posicion.lng.toFixed(5)} (±{Math.round(a.posicion.precisionM)} m)
          </Text>
        )}
        {a.marcaId && (
          <Anchor component={Link} to={`/dashboard/comprobantes/${a.marcaId}`} size="xs">
            {MOTIVOS_CON_MARCA.includes(a.motivo) ? 'Ver la marca registrada' : 'Ver la marca que se conservó'}
          </Anchor>
        )}
        {!a.detalle && !a.dispositivo && !a.posicion && !a.marcaId && '—'}
      </div>
    ),
  },
];

function WorkerFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useWorkerOptions(debounced);
  const selected = useWorkerOption(value);
  const data = useMemo(() => {
    const list = options.data ?? [];
    const chosen = selected.data;
    return chosen && !list.some((o) => o.value === chosen.value) ? [chosen, ...list] : list;
  }, [options.data, selected.data]);
  return (
    <Select
      label="Trabajador"
      size="sm"
      data={data}
      value={value || null}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      placeholder="Todos"
      clearable
      nothingFoundMessage={options.isFetching ? 'Buscando…' : 'Sin coincidencias'}
    />
  );
}

/**
 * `/dashboard/marking-attempts`: every refused or doubtful mark (unknown credential, wrong PIN,
 * inactive worker, method not allowed, repeated mark, outside the geofence, offline), with every
 * filter in sight and server pagination.
 */
export function MarkingAttemptsPage() {
  const { user } = useSession();
  const table = useTableParams({ filters: FILTERS });
  const attempts = useAttempts(table.query);
  const sites = useSiteOptions();
  const invalidRange = Boolean(table.filters.desde && table.filters.hasta && table.filters.hasta < table.filters.desde);

  return (
    <EsDatesProvider>
      <PageHeader
        title="Intentos de marcaje"
        description={
          user.perfil === 'supervisor'
            ? 'Marcas rechazadas o dudosas de las personas de los grupos que lideras.'
            : 'Marcas rechazadas o dudosas: credencial desconocida, PIN incorrecto, trabajador inactivo, método no permitido, marca repetida, fuera de la geocerca o sin conexión.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Intentos de marcaje' }]}
      />
      <FilterBar onClear={table.clear} canClear={table.filtered}>
        <DateField name="desde" label="Desde" size="sm" value={table.filters.desde || null} onChange={(v) => table.setFilter('desde', v)} />
        <DateField
          name="hasta"
          label="Hasta"
          size="sm"
          value={table.filters.hasta || null}
          onChange={(v) => table.setFilter('hasta', v)}
          minDate={table.filters.desde || undefined}
          error={invalidRange ? 'La fecha final es anterior a la inicial.' : undefined}
        />
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} />
        <Select
          label="Sede"
          size="sm"
          data={sites.data ?? []}
          value={table.filters.sedeId || null}
          onChange={(v) => table.setFilter('sedeId', v)}
          placeholder="Todas"
          searchable
          clearable
          nothingFoundMessage="Sin coincidencias"
        />
        <Select
          label="Motivo"
          size="sm"
          data={MOTIVO_OPTIONS}
          value={table.filters.motivo || null}
          onChange={(v) => table.setFilter('motivo', v)}
          placeholder="Todos"
          clearable
        />
        <Select
          label="Método"
          size="sm"
          data={METODO_OPTIONS}
          value={table.filters.metodo || null}
          onChange={(v) => table.setFilter('metodo', v)}
          placeholder="Todos"
          clearable
        />
      </FilterBar>
      <DataTable
        caption="Intentos de marcaje"
        columns={COLUMNS}
        rows={attempts.data?.items}
        rowKey={(row) => row.id}
        loading={attempts.isPending}
        fetching={attempts.isFetching && !attempts.isPending}
        error={attempts.error}
        onRetry={() => void attempts.refetch()}
        page={table.page}
        pageSize={attempts.data?.pageSize ?? table.pageSize}
        total={attempts.data?.total}
        onPageChange={table.setPage}
        empty={
          table.filtered
            ? {
                title: 'Ningún intento coincide con los filtros',
                description: 'Prueba con otro periodo, trabajador o motivo, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : { title: 'No hay intentos de marcaje', description: 'Cuando una marca sea rechazada o quede señalada, aparecerá aquí con su motivo.' }
        }
      />
    </EsDatesProvider>
  );
}
