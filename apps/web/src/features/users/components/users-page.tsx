import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import { PERFILES, type Perfil, type Usuario } from '@jornada/contracts';
import { Link } from 'react-router';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect } from '../../../components/filter-select';
import { InvitationsBanner } from '../../../components/invitations-banner';
import { IconUserPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { formatDate, fullName, perfilLabel } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useGroupOptions, useSiteOptions } from '../../../lib/entity-options';
import { useUsers } from '../api/list-users';
import classes from './users-page.module.css';

const FILTERS = ['grupoId', 'sedeId', 'perfil', 'activo'] as const;
const PERFIL_OPTIONS = PERFILES.map((perfil) => ({ value: perfil, label: perfilLabel(perfil) }));
const ESTADO_OPTIONS = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

export function StatusBadge({ activo }: { activo: boolean }) {
  return (
    // Never squeezed by a narrow table column: the state must read in full.
    <Badge variant="light" color={activo ? 'jornada' : 'gray'} size="sm" style={{ flexShrink: 0, overflow: 'visible' }} miw="fit-content">
      {activo ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}

const COLUMNS: Column<Usuario>[] = [
  {
    key: 'apellidos',
    header: 'Nombre',
    sortable: true,
    primary: true,
    cell: (user) => (
      <div className={classes.name}>
        <Anchor component={Link} to={`/dashboard/users/${user.id}`} fw={600}>
          {fullName(user.nombre, user.apellidos)}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {user.email}
        </Text>
      </div>
    ),
  },
  { key: 'rut', header: 'RUT', sortable: true, nowrap: true, cell: (user) => user.rut },
  { key: 'cargo', header: 'Cargo', sortable: true, cell: (user) => user.cargo ?? '—' },
  { key: 'perfil', header: 'Perfil', sortable: true, nowrap: true, cell: (user) => perfilLabel(user.perfil) },
  { key: 'grupo', header: 'Grupo', nowrap: true, cell: (user) => user.grupo?.nombre ?? '—' },
  { key: 'sede', header: 'Sede', nowrap: true, cell: (user) => user.sede?.nombre ?? '—' },
  { key: 'inicioContrato', header: 'Ingreso', sortable: true, nowrap: true, cell: (user) => formatDate(user.inicioContrato) },
  { key: 'activo', header: 'Estado', nowrap: true, cell: (user) => <StatusBadge activo={user.activo} /> },
];

/** `/dashboard/users`: search, every filter at sight, server pagination and sorting, Excel export of what is filtered. */
export function UsersPage() {
  const { user } = useSession();
  const isAdmin = user.perfil === 'administrador';
  const table = useTableParams({ filters: FILTERS, defaultSort: { by: 'apellidos', dir: 'asc' } });
  const users = useUsers(table.query);
  const sites = useSiteOptions();
  const groups = useGroupOptions({ label: 'estado' });
  const { page: _page, pageSize: _pageSize, ...exportQuery } = table.query;

  return (
    <>
      <PageHeader
        title="Usuarios"
        description={
          isAdmin ? 'Todas las personas de la empresa.' : 'Las personas de los grupos que lideras.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Usuarios' }]}
        actions={
          <>
            <ExportButton path="/v1/usuarios/exportar" query={exportQuery} filename="usuarios.xlsx" disabled={!users.data?.total} />
            {isAdmin && (
              <Button component={Link} to="/dashboard/users/register" leftSection={<IconUserPlus size={18} />}>
                Registrar usuario
              </Button>
            )}
          </>
        }
      />
      <InvitationsBanner />
      <FilterBar
        search={{ label: 'Buscar', placeholder: 'Nombre, RUT o cargo', value: table.search, onChange: table.setSearch }}
        activeCount={table.activeCount}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <FilterSelect
          label="Grupo"
          data={groups}
          value={table.filters.grupoId}
          onChange={(value) => table.setFilter('grupoId', value)}
          searchable
        />
        <FilterSelect
          label="Sede"
          data={sites}
          value={table.filters.sedeId}
          onChange={(value) => table.setFilter('sedeId', value)}
          placeholder="Todas"
          searchable
        />
        <FilterSelect
          label="Perfil"
          data={PERFIL_OPTIONS}
          value={table.filters.perfil as Perfil}
          onChange={(value) => table.setFilter('perfil', value)}
        />
        <FilterSelect
          label="Estado"
          data={ESTADO_OPTIONS}
          value={table.filters.activo}
          onChange={(value) => table.setFilter('activo', value)}
        />
      </FilterBar>
      <DataTable
        caption="Usuarios"
        columns={COLUMNS}
        rows={users.data?.items}
        rowKey={(row) => row.id}
        loading={users.isPending}
        fetching={users.isFetching && !users.isPending}
        error={users.error}
        onRetry={() => void users.refetch()}
        page={table.page}
        pageSize={users.data?.pageSize ?? table.pageSize}
        total={users.data?.total}
        onPageChange={table.setPage}
        sort={table.sort}
        onSortChange={table.setSort}
        empty={
          table.filtered
            ? {
                title: 'Nadie coincide con la búsqueda',
                description: 'Prueba con otro nombre o RUT, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : {
                title: 'Todavía no hay usuarios',
                description: isAdmin ? 'Registra a tu equipo uno a uno o con una carga masiva.' : 'Tus grupos aún no tienen integrantes.',
                action: isAdmin ? (
                  <Button component={Link} to="/dashboard/users/register">
                    Registrar usuario
                  </Button>
                ) : undefined,
              }
        }
      />
    </>
  );
}
