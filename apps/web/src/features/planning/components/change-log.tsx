import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Text.css';
import { Badge, Text } from '@mantine/core';
import { SOLICITADO_POR_LABELS, type Asignacion, type CambioPlanificacion, type OrigenCambio } from '@jornada/contracts';
import { useState } from 'react';
import { countActiveFilters, DataTable, FilterBar, type Column } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { FilterSelect } from '../../../components/filter-select';
import { readableTextColor } from '../../../components/planning-grid';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useChanges } from '../api/list-changes';
import classes from './change-log.module.css';

const ORIGIN_LABELS: Record<OrigenCambio, string> = {
  manual: 'Manual',
  patron: 'Patrón',
  carga_planificacion: 'Carga de planificación',
  carga_planificador: 'Planificador masivo',
  edicion_turno: 'Edición del turno',
  propuesta: 'Planificación automática',
};

function AssignmentChip({ value }: { value: Asignacion }) {
  if (value.tipo === 'turno' && value.turno) {
    return (
      <span className={classes.chip} style={{ background: value.turno.color, color: readableTextColor(value.turno.color) }}>
        {value.turno.codigo} {value.turno.etiqueta}
      </span>
    );
  }
  if (value.tipo === 'libre') return <span className={`${classes.chip} ${classes.rest}`}>Libre</span>;
  return <span className={`${classes.chip} ${classes.empty}`}>Sin planificación</span>;
}

const COLUMNS: Column<CambioPlanificacion>[] = [
  { key: 'fecha', header: 'Fecha', cell: (change) => <span className={classes.nowrap}>{formatDate(change.fecha)}</span> },
  {
    key: 'trabajador',
    header: 'Trabajador',
    primary: true,
    cell: (change) => (
      <div>
        <Text size="sm" fw={600}>
          {change.usuario.nombre} {change.usuario.apellidos}
        </Text>
        <Text size="xs" c="dimmed">
          {change.usuario.rut}
        </Text>
      </div>
    ),
  },
  {
    key: 'cambio',
    header: 'Turno anterior → nuevo',
    cell: (change) => (
      <span className={classes.change}>
        <AssignmentChip value={change.turnoAnterior} />
        <span aria-label="cambia a">→</span>
        <AssignmentChip value={change.turnoNuevo} />
      </span>
    ),
  },
  { key: 'solicitadoPor', header: 'Solicitado por', cell: (change) => SOLICITADO_POR_LABELS[change.solicitadoPor] },
  {
    key: 'motivo',
    header: 'Motivo',
    cell: (change) => (
      <div className={classes.reason}>
        {change.observaciones || '—'}
        {change.diaPasado && (
          <Badge size="xs" variant="light" color="sol" ml={6}>
            Día pasado
          </Badge>
        )}
      </div>
    ),
  },
  {
    key: 'quien',
    header: 'Quién',
    cell: (change) => (
      <div>
        <Text size="sm">{change.cambiadoPor ? `${change.cambiadoPor.nombre} ${change.cambiadoPor.apellidos}` : '—'}</Text>
        <Text size="xs" c="dimmed">
          {ORIGIN_LABELS[change.origen]}
        </Text>
      </div>
    ),
  },
  { key: 'cambiadoEn', header: 'Cuándo', cell: (change) => <span className={classes.nowrap}>{formatDateTime(change.cambiadoEn)}</span> },
];

interface ChangeLogProps {
  /** The group whose changes are listed (the page's selection). */
  grupoId?: string;
  /** Workers to filter by (those on the grid); none for a trabajador, who sees only their own. */
  workers?: { value: string; label: string }[];
}

/** The change log of planning (legal report d): filters by worker and planned date, paginated on the server. */
export function ChangeLog({ grupoId, workers }: ChangeLogProps) {
  const [page, setPage] = useState(1);
  const [usuarioId, setUsuarioId] = useState<string | null>(null);
  const [desde, setDesde] = useState<string | null>(null);
  const [hasta, setHasta] = useState<string | null>(null);
  const query: Record<string, string | number> = { page, pageSize: 20 };
  if (grupoId) query.grupoId = grupoId;
  if (usuarioId) query.usuarioId = usuarioId;
  if (desde) query.desde = desde;
  if (hasta) query.hasta = hasta;
  const changes = useChanges(query);
  const filtered = Boolean(usuarioId || desde || hasta);

  const clear = () => {
    setUsuarioId(null);
    setDesde(null);
    setHasta(null);
    setPage(1);
  };

  return (
    <>
      <FilterBar activeCount={countActiveFilters({ usuarioId, desde, hasta })} onClear={clear} canClear={filtered}>
        {workers && (
          <FilterSelect
            label="Trabajador"
            data={workers}
            value={usuarioId}
            onChange={(value) => {
              setUsuarioId(value);
              setPage(1);
            }}
            searchable
          />
        )}
        <DateField
          name="cambiosDesde"
          label="Fecha desde"
          size="sm"
          value={desde}
          onChange={(value) => {
            setDesde(value);
            setPage(1);
          }}
        />
        <DateField
          name="cambiosHasta"
          label="Fecha hasta"
          size="sm"
          value={hasta}
          onChange={(value) => {
            setHasta(value);
            setPage(1);
          }}
        />
      </FilterBar>
      <DataTable
        caption="Registro de cambios de planificación"
        columns={COLUMNS}
        rows={changes.data?.items}
        rowKey={(row) => row.id}
        loading={changes.isPending}
        fetching={changes.isFetching && !changes.isPending}
        error={changes.error}
        onRetry={() => void changes.refetch()}
        page={page}
        pageSize={changes.data?.pageSize ?? 20}
        total={changes.data?.total}
        onPageChange={setPage}
        empty={{
          title: 'Sin cambios o modificaciones en el periodo consultado',
          description: filtered ? 'Prueba con otras fechas u otro trabajador.' : 'Aquí aparecerá cada cambio de un día ya planificado o pasado.',
        }}
      />
    </>
  );
}
