import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import {
  ESTADO_CORRECCION_LABELS,
  METODO_MARCA_LABELS,
  METODOS_MARCA,
  MOTIVO_INTENTO_LABELS,
  MOTIVOS_CON_MARCA,
  MOTIVOS_INTENTO,
  TIPO_MARCA_LABELS,
  type Correccion,
  type EstadoCorreccion,
  type Intento,
} from '@jornada/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { EsDatesProvider } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useSiteOptions } from '../../../lib/entity-options';
import { useAttempts } from '../api/attempts';
import { WorkerFilter } from '../../../components/worker-filter';
import { useAttemptCorrections } from '../api/corrections';
import { CorrectionDialog, type CorrectionTarget } from './correction-dialog';
import classes from './marking-attempts-page.module.css';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { formatDateTimeSeconds, formatRutForDisplay } from '../../../lib/format';

const FILTERS = ['desde', 'hasta', 'usuarioId', 'sedeId', 'motivo', 'metodo'] as const;
const MOTIVO_OPTIONS = MOTIVOS_INTENTO.map((motivo) => ({ value: motivo, label: MOTIVO_INTENTO_LABELS[motivo] }));
const METODO_OPTIONS = METODOS_MARCA.filter((m) => m !== 'correccion').map((metodo) => ({ value: metodo, label: METODO_MARCA_LABELS[metodo] }));

function ReasonBadge({ attempt }: { attempt: Intento }) {
  const recorded = MOTIVOS_CON_MARCA.includes(attempt.motivo);
  const color = recorded ? 'sol' : attempt.motivo === 'marca_repetida' ? 'gray' : 'red';
  return (
    <Badge variant="light" color={color} size="sm" classNames={{ root: classes.badge, label: classes.badgeLabel }}>
      {attempt.motivoEtiqueta}
    </Badge>
  );
}

const COLUMNS: Column<Intento>[] = [
  { key: 'instante', header: 'Fecha y hora', nowrap: true, primary: true, cell: (a) => formatDateTimeSeconds(a.instante) },
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
              {formatRutForDisplay(a.rut)}
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

const ESTADO_COLORS: Record<EstadoCorreccion, string> = { pendiente: 'sol', consolidada: 'jornada', objetada: 'red', anulada: 'gray' };

/** An attempt can become a mark when it names a worker and was not recorded (flagged marks already exist). */
function correctable(attempt: Intento): boolean {
  return attempt.usuarioId !== null && !(MOTIVOS_CON_MARCA.includes(attempt.motivo) && attempt.marcaId !== null);
}

/** The correction that speaks for an attempt: the live one (pending or consolidated), else the latest. */
function correctionOf(list: Correccion[] | undefined): Correccion | undefined {
  if (!list || list.length === 0) return undefined;
  return list.find((c) => c.estado === 'pendiente' || c.estado === 'consolidada') ?? list[0];
}

function CorrectionCell({ attempt, correction, onCorrect }: { attempt: Intento; correction: Correccion | undefined; onCorrect: (attempt: Intento) => void }) {
  const canCorrectAgain = !correction || correction.estado === 'objetada' || correction.estado === 'anulada';
  if (!correction && !correctable(attempt)) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <div className={classes.correction}>
      {correction && (
        <>
          <Badge variant="light" color={ESTADO_COLORS[correction.estado]} size="sm" className={classes.correctionBadge}>
            Corrección {ESTADO_CORRECCION_LABELS[correction.estado].toLowerCase()}
          </Badge>
          <Anchor component={Link} to={`/dashboard/corrections?correccion=${correction.id}`} size="xs">
            Ver corrección
          </Anchor>
        </>
      )}
      {correctable(attempt) && canCorrectAgain && (
        <Button size="xs" variant="light" onClick={() => onCorrect(attempt)}>
          Corregir
        </Button>
      )}
    </div>
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
  const attemptIds = useMemo(() => (attempts.data?.items ?? []).filter((a) => a.usuarioId !== null).map((a) => a.id), [attempts.data]);
  const corrections = useAttemptCorrections(attemptIds);
  const byAttempt = useMemo(() => {
    const map = new Map<string, Correccion[]>();
    for (const c of corrections.data?.items ?? []) if (c.intentoId) map.set(c.intentoId, [...(map.get(c.intentoId) ?? []), c]);
    return map;
  }, [corrections.data]);
  const [target, setTarget] = useState<CorrectionTarget | null>(null);
  // `?agregar=1` (from the corrections page) opens "Agregar marca faltante" at once.
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('agregar') !== '1') return;
    setTarget({ kind: 'missing' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('agregar');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);

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
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setTarget({ kind: 'missing' })}>
            Agregar marca faltante
          </Button>
        }
      />
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <DateRangeFilter desde={table.filters.desde} hasta={table.filters.hasta} onChange={(name, v) => table.setFilter(name, v)} />
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} />
        <FilterSelect
          label="Sede"
          data={sites}
          value={table.filters.sedeId}
          onChange={(v) => table.setFilter('sedeId', v)}
          placeholder="Todas"
          searchable
        />
        <FilterSelect
          label="Motivo"
          data={MOTIVO_OPTIONS}
          value={table.filters.motivo}
          onChange={(v) => table.setFilter('motivo', v)}
        />
        <FilterSelect
          label="Método"
          data={METODO_OPTIONS}
          value={table.filters.metodo}
          onChange={(v) => table.setFilter('metodo', v)}
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
        rowActions={(row) => <CorrectionCell attempt={row} correction={correctionOf(byAttempt.get(row.id))} onCorrect={(a) => setTarget({ kind: 'attempt', attempt: a })} />}
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
      <CorrectionDialog target={target} onClose={() => setTarget(null)} />
    </EsDatesProvider>
  );
}
