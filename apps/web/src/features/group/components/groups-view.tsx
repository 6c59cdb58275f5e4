import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Drawer } from '@mantine/core';
import type { Grupo } from '@jornada/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { IconPlus } from '../../../components/icons';
import { PageHeader, type Crumb } from '../../../components/page-header';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { useSession } from '../../../lib/session';
import { useGroup } from '../api/get-group';
import { useGroups } from '../api/list-groups';
import { useSiteOptions } from '../../../lib/entity-options';
import { PeopleInline, StateBadge } from './group-bits';
import { GroupDetail } from './group-detail';
import { NewGroupDialog } from './group-form-dialog';

const FILTERS = ['estado', 'sedeId'] as const;
const ESTADO_OPTIONS = [
  { value: 'activo', label: 'Activos' },
  { value: 'inactivo', label: 'Inactivos' },
];

function DetailDrawer({ id, onClose, canManage }: { id: string | null; onClose: () => void; canManage: boolean }) {
  const group = useGroup(id);
  return (
    <Drawer opened={Boolean(id)} onClose={onClose} position="right" size="lg" title={group.data?.nombre ?? 'Grupo'} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {group.isPending ? (
        <BlockSkeleton lines={6} label="Cargando grupo" />
      ) : group.isError ? (
        <ErrorState error={group.error} onRetry={() => void group.refetch()} />
      ) : (
        <GroupDetail group={group.data} canManage={canManage} />
      )}
    </Drawer>
  );
}

interface GroupsViewProps {
  /** Breadcrumbs inside the dashboard; none on the public /group page. */
  breadcrumbs?: Crumb[];
}

/**
 * The groups page (`/dashboard/group`, and `/group` when signed in): groups with their site,
 * leaders, member count and state; a group's detail (members and leaders) opens at `?grupo=<id>`.
 * A supervisor gets only the groups they lead (the server filters).
 */
export function GroupsView({ breadcrumbs }: GroupsViewProps) {
  const { user } = useSession();
  const isAdmin = user.perfil === 'administrador';
  const table = useTableParams({ filters: FILTERS });
  const groups = useGroups(table.query);
  const sites = useSiteOptions();
  const [params, setParams] = useSearchParams();
  const openId = params.get('grupo');
  const [creating, setCreating] = useState(false);

  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('grupo', id);
        else next.delete('grupo');
        return next;
      },
      { replace: false },
    );

  const columns: Column<Grupo>[] = [
    {
      key: 'nombre',
      header: 'Grupo',
      primary: true,
      cell: (group) => (
        <Anchor component="button" type="button" fw={600} onClick={() => open(group.id)} ta="left">
          {group.nombre}
        </Anchor>
      ),
    },
    { key: 'sede', header: 'Sede', cell: (group) => group.sede?.nombre ?? '—' },
    { key: 'jornadaExcepcional', header: 'Jornada excepcional', cell: (group) => group.jornadaExcepcional?.nombre ?? '—' },
    { key: 'lideres', header: 'Líderes', cell: (group) => <PeopleInline people={group.lideres} empty="Sin líderes" /> },
    { key: 'miembros', header: 'Integrantes', align: 'right', cell: (group) => group.totalMiembros.toLocaleString('es-CL') },
    { key: 'estado', header: 'Estado', nowrap: true, cell: (group) => <StateBadge estado={group.estado} /> },
  ];

  return (
    <>
      <PageHeader
        title="Grupos"
        description={isAdmin ? 'Equipos de trabajo con sus líderes e integrantes.' : 'Los grupos que lideras y sus integrantes.'}
        breadcrumbs={breadcrumbs}
        actions={
          isAdmin && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              Nuevo grupo
            </Button>
          )
        }
      />
      <FilterBar
        search={{ label: 'Buscar grupo', placeholder: 'Nombre del grupo', value: table.search, onChange: table.setSearch }}
        activeCount={table.activeCount}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={table.filters.estado} onChange={(v) => table.setFilter('estado', v)} />
        <FilterSelect
          label="Sede"
          data={sites}
          value={table.filters.sedeId}
          onChange={(v) => table.setFilter('sedeId', v)}
          placeholder="Todas"
          searchable
        />
      </FilterBar>
      <DataTable
        caption="Grupos"
        columns={columns}
        rows={groups.data?.items}
        rowKey={(group) => group.id}
        loading={groups.isPending}
        fetching={groups.isFetching && !groups.isPending}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        page={table.page}
        pageSize={groups.data?.pageSize ?? table.pageSize}
        total={groups.data?.total}
        onPageChange={table.setPage}
        rowActions={(group) => (
          <Button size="xs" variant="light" onClick={() => open(group.id)} aria-label={`Ver ${group.nombre}`}>
            Ver
          </Button>
        )}
        empty={
          table.filtered
            ? { title: 'Ningún grupo coincide', description: 'Prueba con otro nombre o limpia los filtros.' }
            : isAdmin
              ? {
                  title: 'Todavía no hay grupos',
                  description: 'Crea grupos para organizar a tu equipo y asignarles líderes.',
                  action: (
                    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
                      Nuevo grupo
                    </Button>
                  ),
                }
              : { title: 'No lideras ningún grupo', description: 'Cuando el administrador te asigne como líder, verás aquí tus grupos.' }
        }
      />
      <DetailDrawer id={openId} onClose={() => open(null)} canManage={isAdmin} />
      {isAdmin && (
        <NewGroupDialog
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(group) => {
            setCreating(false);
            open(group.id);
          }}
        />
      )}
    </>
  );
}

/** `/dashboard/group` */
export function DashboardGroupsPage() {
  return <GroupsView breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Grupos' }]} />;
}
