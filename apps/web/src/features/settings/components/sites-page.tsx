import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Text.css';
import { Button, Drawer, Text } from '@mantine/core';
import { ZONAS_HORARIAS_CHILE, type Sede } from '@jornada/contracts';
import { useState } from 'react';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { IconMapPin, IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useSites } from '../api/list-sites';
import { SiteForm } from './site-form';

const ZONE_NAMES = new Map<string, string>(ZONAS_HORARIAS_CHILE.map((zone) => [zone.value, zone.label.replace(/ \(.*\)$/, '')]));

/** `/dashboard/settings/sites`: work sites with address, position, geofence and time zone. */
export function SitesPage() {
  const table = useTableParams({ filters: [] });
  const sites = useSites(table.query);
  const [editing, setEditing] = useState<Sede | 'new' | null>(null);

  const columns: Column<Sede>[] = [
    { key: 'nombre', header: 'Sede', primary: true, cell: (site) => <Text fw={600}>{site.nombre}</Text> },
    { key: 'direccion', header: 'Dirección', cell: (site) => site.direccionCompleta || '—' },
    {
      key: 'posicion',
      nowrap: true,
      header: 'Ubicación',
      cell: (site) =>
        site.lat !== null && site.lng !== null ? (
          <Text size="sm" span>
            <IconMapPin size={14} /> Radio {site.radioGeocercaM.toLocaleString('es-CL')} m
          </Text>
        ) : (
          <Text size="sm" c="dimmed" span>
            Sin ubicar
          </Text>
        ),
    },
    { key: 'zona', header: 'Zona horaria', nowrap: true, cell: (site) => ZONE_NAMES.get(site.zonaHoraria) ?? site.zonaHoraria },
    { key: 'usuarios', header: 'Usuarios', align: 'right', cell: (site) => site.totalUsuarios.toLocaleString('es-CL') },
  ];

  return (
    <>
      <PageHeader
        title="Sedes"
        description="Los lugares de trabajo: dirección, ubicación con geocerca y zona horaria."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Sedes' }]}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            Nueva sede
          </Button>
        }
      />
      <FilterBar search={{ label: 'Buscar sede', placeholder: 'Nombre o comuna', value: table.search, onChange: table.setSearch }} onClear={table.clear} canClear={table.filtered} />
      <DataTable
        caption="Sedes"
        columns={columns}
        rows={sites.data?.items}
        rowKey={(site) => site.id}
        loading={sites.isPending}
        fetching={sites.isFetching && !sites.isPending}
        error={sites.error}
        onRetry={() => void sites.refetch()}
        page={table.page}
        pageSize={sites.data?.pageSize ?? table.pageSize}
        total={sites.data?.total}
        onPageChange={table.setPage}
        rowActions={(site) => (
          <Button size="xs" variant="light" onClick={() => setEditing(site)} aria-label={`Editar ${site.nombre}`}>
            Editar
          </Button>
        )}
        empty={
          table.filtered
            ? { title: 'Ninguna sede coincide', description: 'Prueba con otro nombre.' }
            : {
                title: 'Aún no hay sedes',
                description: 'Crea la primera sede para asignar personas y validar sus marcas con geocerca.',
                action: (
                  <Button onClick={() => setEditing('new')} leftSection={<IconPlus size={18} />}>
                    Nueva sede
                  </Button>
                ),
              }
        }
      />
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="xl"
        title={editing === 'new' ? 'Nueva sede' : editing ? `Editar ${editing.nombre}` : ''}
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {editing !== null && <SiteForm key={editing === 'new' ? 'new' : editing.id} site={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Drawer>
    </>
  );
}
