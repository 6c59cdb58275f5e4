import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Text.css';
import { Button, Tabs, Text } from '@mantine/core';
import { ESTADOS_PERMISO, type Permiso } from '@jornada/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterSelect } from '../../../components/filter-select';
import { IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { WorkerFilter } from '../../../components/worker-filter';
import { useGroupOptions } from '../../../lib/entity-options';
import { EsDatesProvider } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePermissions, usePermissionTypes } from '../api/permissions';
import { BalancesTable } from './balances-table';
import { DecisionDialog, type PermissionDecision } from './decision-dialog';
import { ESTADO_LABELS, PermissionStatus } from './labels';
import { NotesCell, PeriodCell, TypeCell } from './permission-cells';
import { PermissionFormDialog } from './permission-form-dialog';
import classes from './permissions-page.module.css';

const FILTERS = ['usuarioId', 'grupoId', 'tipoId', 'estado', 'desde', 'hasta'] as const;
const ESTADO_OPTIONS = ESTADOS_PERMISO.map((estado) => ({ value: estado, label: ESTADO_LABELS[estado] }));

function TeamPermissions() {
  const table = useTableParams({ filters: FILTERS });
  const permissions = usePermissions(table.query);
  const types = usePermissionTypes();
  const groups = useGroupOptions();
  const [acting, setActing] = useState<{ permiso: Permiso; action: PermissionDecision } | null>(null);
  // `?asignar=<worker>&fecha=<aaaa-mm-dd>` (from an inconsistency) opens the assignment prefilled.
  const [params, setParams] = useSearchParams();
  const prefill = params.get('asignar') ? { usuarioId: params.get('asignar') ?? '', desde: params.get('fecha') ?? '' } : undefined;
  const [assigning, setAssigning] = useState(Boolean(prefill));
  const closeAssign = () => {
    setAssigning(false);
    if (prefill) {
      const next = new URLSearchParams(params);
      next.delete('asignar');
      next.delete('fecha');
      setParams(next, { replace: true });
    }
  };
  const pending = permissions.data?.pendientes ?? 0;

  const columns: Column<Permiso>[] = [
    {
      key: 'trabajador',
      header: 'Trabajador',
      primary: true,
      cell: (p) => (
        <div className={classes.cell}>
          <Text size="sm" fw={600}>
            {p.usuario.nombre} {p.usuario.apellidos}
          </Text>
          <Text size="xs" c="dimmed">
            {p.usuario.rut}
            {p.usuario.grupo ? ` · ${p.usuario.grupo.nombre}` : ''}
          </Text>
        </div>
      ),
    },
    { key: 'tipo', header: 'Tipo', cell: (p) => <TypeCell permiso={p} /> },
    { key: 'periodo', header: 'Periodo', cell: (p) => <PeriodCell permiso={p} /> },
    { key: 'estado', header: 'Estado', nowrap: true, cell: (p) => <PermissionStatus estado={p.estado} /> },
    { key: 'detalle', header: 'Comentarios', cell: (p) => <NotesCell permiso={p} /> },
  ];

  return (
    <>
      <div className={classes.pending} aria-live="polite">
        {permissions.data && (
          <Text size="sm" fw={600}>
            {pending === 0 ? 'No hay solicitudes pendientes de tu decisión.' : `${plural(pending, 'solicitud pendiente', 'solicitudes pendientes')} de tu decisión.`}
          </Text>
        )}
        {pending > 0 && table.filters.estado !== 'pendiente' && (
          <Button size="xs" variant="light" onClick={() => table.setFilter('estado', 'pendiente')}>
            Ver pendientes
          </Button>
        )}
        <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setAssigning(true)} ml="auto">
          Asignar permiso
        </Button>
      </div>
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} />
        <FilterSelect label="Grupo" data={groups} value={table.filters.grupoId} onChange={(v) => table.setFilter('grupoId', v)} />
        <FilterSelect
          label="Tipo"
          data={(types.data?.items ?? []).map((type) => ({ value: type.id, label: type.nombre }))}
          value={table.filters.tipoId}
          onChange={(v) => table.setFilter('tipoId', v)}
        />
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={table.filters.estado} onChange={(v) => table.setFilter('estado', v)} />
        <DateRangeFilter desde={table.filters.desde} hasta={table.filters.hasta} onChange={(name, v) => table.setFilter(name, v)} />
      </FilterBar>
      <DataTable
        caption="Permisos"
        columns={columns}
        rows={permissions.data?.items}
        rowKey={(row) => row.id}
        loading={permissions.isPending}
        fetching={permissions.isFetching && !permissions.isPending}
        error={permissions.error}
        onRetry={() => void permissions.refetch()}
        page={table.page}
        pageSize={permissions.data?.pageSize ?? table.pageSize}
        total={permissions.data?.total}
        onPageChange={table.setPage}
        rowActions={(row) =>
          row.puedeDecidir || row.puedeAnular ? (
            <div className={classes.actions}>
              {row.puedeDecidir && (
                <>
                  <Button size="xs" onClick={() => setActing({ permiso: row, action: 'aprobar' })} aria-label={`Aprobar el permiso de ${row.usuario.nombre} ${row.usuario.apellidos}`}>
                    Aprobar
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setActing({ permiso: row, action: 'rechazar' })} aria-label={`Rechazar el permiso de ${row.usuario.nombre} ${row.usuario.apellidos}`}>
                    Rechazar
                  </Button>
                </>
              )}
              {row.puedeAnular && !row.puedeDecidir && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setActing({ permiso: row, action: 'anular' })} aria-label={`Anular el permiso de ${row.usuario.nombre} ${row.usuario.apellidos}`}>
                  Anular
                </Button>
              )}
            </div>
          ) : null
        }
        empty={
          table.filtered
            ? {
                title: 'Ningún permiso coincide con los filtros',
                description: 'Prueba con otro trabajador, tipo, estado o periodo, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : {
                title: 'Aún no hay permisos',
                description: 'Cuando un trabajador solicite un permiso o asignes uno, aparecerá aquí.',
                action: (
                  <Button leftSection={<IconPlus size={18} />} onClick={() => setAssigning(true)}>
                    Asignar permiso
                  </Button>
                ),
              }
        }
      />
      <DecisionDialog permiso={acting?.permiso ?? null} action={acting?.action ?? null} onClose={() => setActing(null)} />
      <PermissionFormDialog opened={assigning} onClose={closeAssign} kind="asignar" types={types.data?.items ?? []} initial={prefill} />
    </>
  );
}

/**
 * `/dashboard/permisos`: the permissions of the workers an administrador manages (a supervisor: the
 * groups they lead), with the requests waiting for a decision, and each worker's balance.
 */
export function PermissionsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const view = params.get('vista') === 'saldos' ? 'saldos' : 'permisos';
  return (
    <EsDatesProvider>
      <PageHeader
        title="Permisos"
        description={
          user.perfil === 'supervisor'
            ? 'Vacaciones, licencias y permisos de las personas de los grupos que lideras: aprueba o rechaza sus solicitudes y asigna permisos.'
            : 'Vacaciones, licencias y permisos de la empresa: aprueba o rechaza solicitudes, asigna permisos y revisa los saldos.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Permisos' }]}
      />
      <Tabs value={view} onChange={(value) => setParams(value === 'saldos' ? { vista: 'saldos' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="permisos">Permisos</Tabs.Tab>
          <Tabs.Tab value="saldos">Saldos</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="permisos">
          <TeamPermissions />
        </Tabs.Panel>
        <Tabs.Panel value="saldos">
          <BalancesTable />
        </Tabs.Panel>
      </Tabs>
    </EsDatesProvider>
  );
}
