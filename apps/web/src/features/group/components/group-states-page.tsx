import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Text.css';
import { Button, Drawer, Text, Textarea, Timeline } from '@mantine/core';
import type { Grupo } from '@jornada/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime, fullName } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useChangeGroupState } from '../api/change-group-state';
import { useGroupStateHistory } from '../api/group-state-history';
import { useGroups } from '../api/list-groups';
import { PeopleInline, StateBadge } from './group-bits';

const ESTADO_OPTIONS = [
  { value: 'activo', label: 'Activos' },
  { value: 'inactivo', label: 'Inactivos' },
];
const STATE_WORD = { activo: 'Activo', inactivo: 'Inactivo' } as const;

function HistoryDrawer({ group, onClose }: { group: { id: string; nombre: string } | null; onClose: () => void }) {
  const history = useGroupStateHistory(group?.id ?? null);
  return (
    <Drawer opened={Boolean(group)} onClose={onClose} position="right" size="md" title={group ? `Historial de ${group.nombre}` : ''} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {history.isPending ? (
        <BlockSkeleton lines={5} label="Cargando historial" />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <EmptyState title="Sin cambios de estado" />
      ) : (
        <Timeline active={0} bulletSize={14} lineWidth={2} aria-label="Cambios de estado, del más reciente al más antiguo">
          {history.data.items.map((change) => (
            <Timeline.Item
              key={change.id}
              title={change.estadoAnterior === null ? `Creado como ${STATE_WORD[change.estadoNuevo].toLowerCase()}` : `${STATE_WORD[change.estadoAnterior]} → ${STATE_WORD[change.estadoNuevo]}`}
            >
              <Text size="sm">{change.motivo}</Text>
              <Text size="xs" c="dimmed" mt={4}>
                {formatDateTime(change.cambiadoEn)}
                {change.cambiadoPor ? ` · ${fullName(change.cambiadoPor.nombre, change.cambiadoPor.apellidos)}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}

function ChangeStateDialog({ group, onClose }: { group: Grupo; onClose: () => void }) {
  const mutation = useChangeGroupState();
  const target = group.estado === 'activo' ? 'inactivo' : 'activo';
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!motivo.trim()) {
      setError('Ingresa el motivo del cambio de estado.');
      return;
    }
    try {
      await mutation.mutateAsync({ id: group.id, body: { estado: target, motivo } });
      notify.success(target === 'activo' ? `«${group.nombre}» está activo.` : `«${group.nombre}» quedó inactivo.`);
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? (failure.fields?.motivo ?? failure.fields?.estado) : undefined;
      if (message) setError(message);
      else notify.error(errorMessage(failure));
    }
  };
  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={target === 'activo' ? 'Activar grupo' : 'Desactivar grupo'}
      message={
        target === 'activo'
          ? `«${group.nombre}» vuelve a estar disponible para planificar y asignar.`
          : `«${group.nombre}» deja de estar disponible para planificar. Sus integrantes y su historia se conservan.`
      }
      confirmLabel={target === 'activo' ? 'Activar grupo' : 'Desactivar grupo'}
      danger={target === 'inactivo'}
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      <Textarea
        label="Motivo"
        name="motivo"
        withAsterisk
        description="Queda registrado en el historial del grupo"
        autosize
        minRows={2}
        value={motivo}
        onChange={(event) => setMotivo(event.currentTarget.value)}
        error={error}
        data-autofocus
      />
    </ConfirmDialog>
  );
}

/** `/dashboard/group/states`: activate or deactivate groups with a reason, and each group's history of states (`?historial=<id>`). */
export function GroupStatesPage() {
  const table = useTableParams({ filters: ['estado'] as const });
  const groups = useGroups(table.query);
  const [changing, setChanging] = useState<Grupo | null>(null);
  const [params, setParams] = useSearchParams();
  const historyId = params.get('historial');
  const historyGroup = historyId ? { id: historyId, nombre: groups.data?.items.find((g) => g.id === historyId)?.nombre ?? 'grupo' } : null;
  const showHistory = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('historial', id);
      else next.delete('historial');
      return next;
    });

  const columns: Column<Grupo>[] = [
    { key: 'nombre', header: 'Grupo', primary: true, cell: (g) => <Text fw={600}>{g.nombre}</Text> },
    { key: 'lideres', header: 'Líderes', cell: (g) => <PeopleInline people={g.lideres} empty="Sin líderes" /> },
    { key: 'miembros', header: 'Integrantes', align: 'right', cell: (g) => g.totalMiembros.toLocaleString('es-CL') },
    { key: 'estado', header: 'Estado', nowrap: true, cell: (g) => <StateBadge estado={g.estado} /> },
  ];

  return (
    <>
      <PageHeader
        title="Estados de grupos"
        description="Activa o desactiva grupos indicando el motivo; cada cambio queda en el historial."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Grupos', to: '/dashboard/group' }, { label: 'Estados' }]}
      />
      <FilterBar search={{ label: 'Buscar grupo', placeholder: 'Nombre del grupo', value: table.search, onChange: table.setSearch }} activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={table.filters.estado} onChange={(v) => table.setFilter('estado', v)} />
      </FilterBar>
      <DataTable
        caption="Estados de grupos"
        columns={columns}
        rows={groups.data?.items}
        rowKey={(g) => g.id}
        loading={groups.isPending}
        fetching={groups.isFetching && !groups.isPending}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        page={table.page}
        pageSize={groups.data?.pageSize ?? table.pageSize}
        total={groups.data?.total}
        onPageChange={table.setPage}
        rowActions={(g) => (
          <>
            <Button size="xs" variant="subtle" onClick={() => showHistory(g.id)} aria-label={`Historial de ${g.nombre}`}>
              Historial
            </Button>
            <Button
              size="xs"
              variant="light"
              color={g.estado === 'activo' ? 'red' : undefined}
              onClick={() => setChanging(g)}
              aria-label={`${g.estado === 'activo' ? 'Desactivar' : 'Activar'} ${g.nombre}`}
            >
              {g.estado === 'activo' ? 'Desactivar' : 'Activar'}
            </Button>
          </>
        )}
        empty={table.filtered ? { title: 'Ningún grupo coincide' } : { title: 'Todavía no hay grupos', description: 'Crea grupos en la página Grupos.' }}
      />
      {changing && <ChangeStateDialog group={changing} onClose={() => setChanging(null)} />}
      <HistoryDrawer group={historyGroup} onClose={() => showHistory(null)} />
    </>
  );
}
