import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Text, VisuallyHidden } from '@mantine/core';
import type { Colacion, Turno } from '@jornada/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { IconPlus, IconUpload } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { compactRange, readableTextColor } from '../../../components/planning-grid';
import { errorMessage } from '../../../lib/api-client';
import { EsDatesProvider } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useShifts } from '../api/list-shifts';
import { useUpdateShift } from '../api/update-shift';
import { minutesLabel } from '../hooks/shift-form';
import { ShiftFormModal } from './shift-form-modal';
import classes from './shift-list-page.module.css';

const FILTERS = ['activo'] as const;
const ESTADO_OPTIONS = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

function colacionLabel(colacion: Colacion): string {
  if (colacion.tipo === 'fija') return `${colacion.inicio}–${colacion.fin}`;
  return colacion.minutos > 0 ? `${colacion.minutos} min` : 'Sin colación';
}

/** 42.5 → "42:30" */
function weeklyLabel(hours: number): string {
  return minutesLabel(Math.round(hours * 60));
}

const COLUMNS: Column<Turno>[] = [
  {
    key: 'codigo',
    header: 'Código',
    primary: true,
    cell: (shift) => (
      <div className={classes.codeCell}>
        <span className={classes.swatch} style={{ background: shift.color, color: readableTextColor(shift.color) }} aria-hidden="true">
          {compactRange(shift.inicio, shift.fin)}
        </span>
        <Text fw={700} size="sm">
          {shift.codigo}
        </Text>
      </div>
    ),
  },
  { key: 'nombre', header: 'Nombre', cell: (shift) => shift.nombre },
  {
    key: 'horario',
    header: 'Horario',
    // The badge under the hours, not beside them: the column stays as narrow as the hours.
    cell: (shift) => (
      <div className={classes.stack}>
        <span className={classes.nowrap}>{shift.etiqueta}</span>
        {shift.cruzaMedianoche && (
          <Badge size="xs" variant="light" color="indigo">
            Cruza medianoche
          </Badge>
        )}
      </div>
    ),
  },
  { key: 'colacion', header: 'Colación', cell: (shift) => <span className={classes.nowrap}>{colacionLabel(shift.colacion)}</span> },
  {
    key: 'tolerancias',
    header: 'Tolerancias',
    cell: (shift) => (
      <div className={classes.stack}>
        <span className={classes.nowrap}>Atraso {shift.toleranciaAtrasoMin} min</span>
        <span className={classes.nowrap}>Salida {shift.toleranciaSalidaMin} min</span>
      </div>
    ),
  },
  {
    key: 'horasSemanales',
    header: 'Horas semanales',
    align: 'right',
    cell: (shift) => (
      <span className={classes.nowrap} title={`Jornada diaria ${minutesLabel(shift.duracionNetaMin)} × ${shift.diasPorSemana} días`}>
        {weeklyLabel(shift.horasSemanalesReferencia)} <Text span size="xs" c="dimmed">({shift.diasPorSemana} días)</Text>
      </span>
    ),
  },
  {
    key: 'activo',
    header: 'Estado',
    // A shift that breaks the law today (confirmed when saved, or saved before a limit came down) says so;
    // its rules are read on hover and by screen readers, and in full in its form.
    cell: (shift) => (
      <div className={classes.stack}>
        <Badge variant="light" color={shift.activo ? 'jornada' : 'gray'} size="sm">
          {shift.activo ? 'Activo' : 'Inactivo'}
        </Badge>
        {(shift.advertencias?.length ?? 0) > 0 && (
          <Badge variant="light" color="orange.9" size="sm" title={shift.advertencias!.map((w) => w.mensaje).join('\n')}>
            No cumple la ley
            <VisuallyHidden>: {shift.advertencias!.map((w) => w.mensaje).join(' ')}</VisuallyHidden>
          </Badge>
        )}
      </div>
    ),
  },
];

/** `/dashboard/planning/shift-list`: the company's shift templates; administrators create, edit and deactivate them. */
export function ShiftListPage() {
  const { user } = useSession();
  const isAdmin = user.perfil === 'administrador';
  const table = useTableParams({ filters: FILTERS });
  const shifts = useShifts(table.query);
  const update = useUpdateShift();
  const [editing, setEditing] = useState<{ shift: Turno | null } | null>(null);
  const [deactivating, setDeactivating] = useState<Turno | null>(null);

  const setActive = async (shift: Turno, activo: boolean) => {
    try {
      await update.mutateAsync({ id: shift.id, body: { activo } });
      notify.success(activo ? `Turno ${shift.codigo} reactivado.` : `Turno ${shift.codigo} desactivado.`);
      setDeactivating(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <EsDatesProvider>
      <PageHeader
        title="Turnos"
        description="Los horarios que se asignan en la planificación. Editar un turno nunca cambia los días ya pasados."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Planificación', to: '/dashboard/planning' }, { label: 'Turnos' }]}
        actions={
          isAdmin && (
            <>
              <Button variant="default" component={Link} to="/dashboard/bulk-shift-upload" leftSection={<IconUpload size={18} />}>
                Carga masiva
              </Button>
              <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ shift: null })}>
                Nuevo turno
              </Button>
            </>
          )
        }
      />
      <FilterBar
        search={{ label: 'Buscar', placeholder: 'Nombre o código', value: table.search, onChange: table.setSearch }}
        activeCount={table.activeCount}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <FilterSelect
          label="Estado"
          data={ESTADO_OPTIONS}
          value={table.filters.activo}
          onChange={(value) => table.setFilter('activo', value)}
        />
      </FilterBar>
      <DataTable
        caption="Turnos"
        columns={COLUMNS}
        rows={shifts.data?.items}
        rowKey={(row) => row.id}
        loading={shifts.isPending}
        fetching={shifts.isFetching && !shifts.isPending}
        error={shifts.error}
        onRetry={() => void shifts.refetch()}
        page={table.page}
        pageSize={shifts.data?.pageSize ?? table.pageSize}
        total={shifts.data?.total}
        onPageChange={table.setPage}
        rowActions={
          isAdmin
            ? (shift) => (
                <>
                  <Button size="xs" variant="light" onClick={() => setEditing({ shift })} aria-label={`Editar turno ${shift.codigo}`}>
                    Editar
                  </Button>
                  {shift.activo ? (
                    <Button size="xs" variant="subtle" color="red.9" c="red.9" onClick={() => setDeactivating(shift)} aria-label={`Desactivar turno ${shift.codigo}`}>
                      Desactivar
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => void setActive(shift, true)}
                      aria-label={`Reactivar turno ${shift.codigo}`}
                      loading={update.isPending && update.variables?.id === shift.id}
                    >
                      Reactivar
                    </Button>
                  )}
                </>
              )
            : undefined
        }
        empty={
          table.filtered
            ? {
                title: 'Ningún turno coincide con la búsqueda',
                description: 'Prueba con otro nombre o código, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : {
                title: 'Todavía no hay turnos',
                description: isAdmin
                  ? 'Crea el primero (p. ej. Oficina 09:00–18:00) o súbelos desde una planilla.'
                  : 'El administrador de la empresa aún no crea turnos.',
                action: isAdmin ? <Button onClick={() => setEditing({ shift: null })}>Nuevo turno</Button> : undefined,
              }
        }
      />
      <ShiftFormModal opened={editing !== null} shift={editing?.shift ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deactivating !== null}
        onClose={() => setDeactivating(null)}
        title={`Desactivar turno ${deactivating?.codigo ?? ''}`}
        message="Los días donde ya está planificado lo conservan, pero no se podrá asignar de nuevo hasta reactivarlo."
        confirmLabel="Desactivar"
        danger
        loading={update.isPending}
        onConfirm={() => (deactivating ? setActive(deactivating, false) : undefined)}
      />
    </EsDatesProvider>
  );
}
