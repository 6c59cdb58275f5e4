import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Button, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  ESTADO_ASISTENCIA_LABELS,
  ESTADOS_ASISTENCIA,
  estadoAsistenciaSchema,
  type AsistenciaDiaResponse,
  type EstadoAsistencia,
  type FilaAsistenciaDia,
} from '@jornada/contracts';
import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { countActiveFilters, DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { FilterSelect } from '../../../components/filter-select';
import { longDayLabel } from '../../../components/planning-grid';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { EsDatesProvider } from '../../../lib/dates';
import { formatDate, todayInChile } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useScopeOptions } from '../../../lib/entity-options';
import { DAY_REFRESH_MS, useAttendanceDay } from '../api/attendance';
import { ArrivalsChart } from './arrivals-chart';
import { ESTADO_COLOR, ESTADOS_ORDEN, StatusBadge, duration } from './status';
import classes from './attendance.module.css';

const FILTERS = ['fecha', 'grupoId', 'sedeId', 'cargo', 'estado'] as const;
const ESTADO_OPTIONS = ESTADOS_ASISTENCIA.map((estado) => ({ value: estado, label: ESTADO_ASISTENCIA_LABELS[estado] }));
/** Five years back, as a worker's records are kept. */
const MIN_DATE = () => `${Number(todayInChile().slice(0, 4)) - 5}${todayInChile().slice(4)}`;

/** The worker's month page, opened on the day. */
function workerDayPath(usuarioId: string, fecha: string): string {
  const params = new URLSearchParams({ usuarioId, mes: fecha.slice(0, 7), dia: fecha });
  return `/dashboard/settings/assists-user?${params.toString()}`;
}

function useTabVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

function Counts({ data, selected, onSelect }: { data: AsistenciaDiaResponse; selected: string; onSelect: (estado: EstadoAsistencia | null) => void }) {
  return (
    <div className={classes.cards} role="group" aria-label="Trabajadores por estado">
      <div className={classes.card} style={{ '--card-accent': 'var(--mantine-color-jornada-6)' } as CSSProperties}>
        <span className={classes.cardLabel}>Trabajadores</span>
        <span className={classes.cardValue}>{data.trabajadores.toLocaleString('es-CL')}</span>
        <span className={classes.cardHint}>en la selección</span>
      </div>
      {ESTADOS_ORDEN.map((estado) => {
        const count = data.conteos[estado] ?? 0;
        const pressed = selected === estado;
        return (
          <button
            key={estado}
            type="button"
            className={classes.card}
            style={{ '--card-accent': `var(--mantine-color-${ESTADO_COLOR[estado]}-6)` } as CSSProperties}
            aria-pressed={pressed}
            aria-label={`${ESTADO_ASISTENCIA_LABELS[estado]}: ${count.toLocaleString('es-CL')}`}
            title={pressed ? 'Mostrar todos los estados' : `Mostrar solo «${ESTADO_ASISTENCIA_LABELS[estado]}»`}
            onClick={() => onSelect(pressed ? null : estado)}
          >
            <span className={classes.cardLabel}>{ESTADO_ASISTENCIA_LABELS[estado]}</span>
            <span className={classes.cardValue}>{count.toLocaleString('es-CL')}</span>
          </button>
        );
      })}
    </div>
  );
}

/** Debounced free-text filter (the cargo), applied 400 ms after typing or on Enter. */
function CargoFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const debounced = useDebouncedCallback((next: string) => onChange(next.trim() || null), 400);
  return (
    <TextInput
      label="Cargo"
      size="sm"
      placeholder="Todos"
      value={text}
      name="cargo"
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onChange(event.currentTarget.value.trim() || null);
        }
      }}
    />
  );
}

/**
 * `/dashboard/assists` ("Asistencia del día"): who is present, late, absent, on permission, not yet
 * marked or resting on a date (today by default, in the sites' zone), as counts, arrivals by hour and
 * a table whose rows open the worker's day. Every figure comes from the API's attendance evaluation.
 * Filters live in the URL; the board refreshes itself every 30 s while the tab is visible.
 */
export function AttendanceDayPage() {
  const { user } = useSession();
  const table = useTableParams({ filters: FILTERS, pageSize: 50 });
  const options = useScopeOptions();
  const estado = estadoAsistenciaSchema.safeParse(table.filters.estado).success ? table.filters.estado : '';
  const query = { ...table.query };
  if (!estado) delete query.estado;
  const day = useAttendanceDay(query);
  const data = day.data;
  const visible = useTabVisible();
  const fecha = table.filters.fecha || data?.fecha || '';
  const today = todayInChile();
  const updatedAt = day.dataUpdatedAt
    ? new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(day.dataUpdatedAt)
    : '';
  const filteredBeyondStatus = Boolean(table.search || table.filters.grupoId || table.filters.sedeId || table.filters.cargo);

  const columns: Column<FilaAsistenciaDia>[] = [
    {
      key: 'trabajador',
      header: 'Trabajador',
      primary: true,
      cell: (row) => (
        <div className={classes.who}>
          <Link to={workerDayPath(row.usuarioId, data?.fecha ?? fecha)}>
            {row.nombre} {row.apellidos}
          </Link>
          <Text size="xs" c="dimmed">
            {row.rut}
            {row.cargo ? ` · ${row.cargo}` : ''}
          </Text>
        </div>
      ),
    },
    {
      key: 'estado',
      header: 'Estado',
      cell: (row) => (
        <div className={classes.cellStack}>
          <StatusBadge estado={row.estado} />
          {row.enJornada && (
            <Text size="xs" c="dimmed">
              En jornada
            </Text>
          )}
          {row.permiso && <Text size="xs">{row.permiso.tipo}</Text>}
          {row.feriado && <Text size="xs">{row.feriado}</Text>}
          {row.inconsistencias.map((item) => (
            <Text key={item.codigo} size="xs" className={classes.warn}>
              {item.etiqueta}
            </Text>
          ))}
        </div>
      ),
    },
    { key: 'turno', header: 'Turno', nowrap: true, cell: (row) => row.turno?.etiqueta ?? (row.estado === 'descanso' ? 'Libre' : '—') },
    {
      key: 'marcas',
      header: 'Entrada y salida',
      nowrap: true,
      cell: (row) => (
        <div className={classes.cellStack}>
          <span>{row.horaEntrada || row.horaSalida ? `${row.horaEntrada ?? '—'} a ${row.horaSalida ?? '—'}` : '—'}</span>
          {row.salidaAnticipadaSegundos > 0 && <span className={classes.late}>Salida anticipada {duration(row.salidaAnticipadaSegundos)}</span>}
        </div>
      ),
    },
    {
      key: 'trabajado',
      header: 'Trabajado',
      nowrap: true,
      align: 'right',
      cell: (row) => (row.trabajadoSegundos > 0 || row.primeraEntrada ? duration(row.trabajadoSegundos) : '—'),
    },
    // Who was late and by how much, who stayed: one look, each in its own column.
    {
      key: 'atraso',
      header: 'Atraso',
      nowrap: true,
      align: 'right',
      cell: (row) => (row.atrasoSegundos > 0 ? <span className={classes.late}>{duration(row.atrasoSegundos)}</span> : '—'),
    },
    {
      key: 'extra',
      header: 'Horas extra',
      nowrap: true,
      align: 'right',
      cell: (row) => (row.extraSegundos > 0 ? duration(row.extraSegundos) : '—'),
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

  return (
    <EsDatesProvider>
      <PageHeader
        title="Asistencia del día"
        description={
          user.perfil === 'supervisor'
            ? 'Quién está presente, atrasado, ausente o con permiso en los grupos que lideras, según la evaluación de sus marcas y su planificación.'
            : 'Quién está presente, atrasado, ausente o con permiso en la empresa, según la evaluación de las marcas y la planificación de cada trabajador.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Asistencia' }, { label: 'Asistencia del día' }]}
        actions={
          data && (
            <div className={classes.refresh} aria-live="off">
              <span className={classes.live} data-paused={!visible || undefined} aria-hidden="true" />
              <span>
                Actualizado a las {updatedAt}
                {visible ? ` · se actualiza cada ${DAY_REFRESH_MS / 1000} s` : ' · en pausa mientras no ves la pestaña'}
              </span>
              <Button size="xs" variant="default" onClick={() => void day.refetch()} loading={day.isFetching}>
                Actualizar
              </Button>
            </div>
          )
        }
      />
      <FilterBar
        search={{ label: 'Buscar', placeholder: 'Nombre, apellidos o RUT', value: table.search, onChange: table.setSearch }}
        pinned={
          <DateField
            name="fecha"
            label="Fecha"
            size="sm"
            value={fecha || null}
            onChange={(value) => table.setFilter('fecha', value && value !== today ? value : null)}
            clearable={false}
            minDate={MIN_DATE()}
            maxDate={today}
          />
        }
        activeCount={countActiveFilters(table.filters, ['grupoId', 'sedeId', 'cargo', 'estado'])}
        onClear={table.clear}
        canClear={table.filtered}
      >
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
        <CargoFilter value={table.filters.cargo} onChange={(v) => table.setFilter('cargo', v)} />
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={estado} onChange={(v) => table.setFilter('estado', v)} />
      </FilterBar>

      {day.isPending ? (
        <SectionCard>
          <BlockSkeleton lines={6} label="Cargando la asistencia del día" />
        </SectionCard>
      ) : day.error && !data ? (
        <SectionCard>
          <ErrorState error={day.error} onRetry={() => void day.refetch()} retrying={day.isFetching} title="No pudimos cargar la asistencia" />
        </SectionCard>
      ) : data ? (
        <div className={classes.stack}>
          {day.error && (
            <div className={classes.alertInline} role="alert">
              <span>
                No pudimos actualizar la asistencia: {errorMessage(day.error)} Se muestran los datos de las {updatedAt}.
              </span>
              <Button size="xs" variant="default" onClick={() => void day.refetch()} loading={day.isFetching}>
                Reintentar
              </Button>
            </div>
          )}
          <SectionCard
            title={`${longDayLabel(data.fecha)} de ${data.fecha.slice(0, 4)}`}
            description={data.fecha === today ? 'Hoy. «Sin marcar aún»: su turno no ha terminado y todavía no marca.' : `Asistencia del ${formatDate(data.fecha)}.`}
          >
            <Counts data={data} selected={estado} onSelect={(next) => table.setFilter('estado', next)} />
          </SectionCard>
          <SectionCard title="Llegadas por hora" description="Primera entrada de cada trabajador del filtro (sin contar el estado elegido).">
            <ArrivalsChart data={data.llegadasPorHora} />
          </SectionCard>
          <DataTable
            caption={`Asistencia del ${formatDate(data.fecha)}`}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.usuarioId}
            fetching={day.isFetching && day.isPlaceholderData}
            page={table.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={table.setPage}
            empty={
              table.filtered && (filteredBeyondStatus || estado)
                ? {
                    title: 'Nadie coincide con los filtros',
                    description:
                      estado && !filteredBeyondStatus
                        ? `No hay trabajadores en estado «${ESTADO_ASISTENCIA_LABELS[estado as EstadoAsistencia]}» este día.`
                        : 'Prueba con otro grupo, sede, cargo o estado, o limpia los filtros.',
                    action: (
                      <Button variant="light" onClick={table.clear}>
                        Limpiar filtros
                      </Button>
                    ),
                  }
                : {
                    title: 'No hay trabajadores para mostrar',
                    description:
                      user.perfil === 'supervisor'
                        ? 'Los grupos que lideras no tienen trabajadores activos en esta fecha.'
                        : `La empresa no tenía trabajadores activos el ${formatDate(data.fecha)}.`,
                  }
            }
          />
        </div>
      ) : null}
    </EsDatesProvider>
  );
}
