import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Select, Tabs, Text } from '@mantine/core';
import type { Credencial, PendienteHuella } from '@jornada/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useCredentials, usePending, useRevokeCredential } from '../api/credentials';
import { useSiteOptions } from '../../../lib/entity-options';
import { describeError } from '../hooks/use-fingerprint-mark';

const ESTADOS = [
  { value: 'activas', label: 'Vigentes' },
  { value: 'revocadas', label: 'Revocadas' },
  { value: 'todas', label: 'Todas' },
];

/** `/dashboard/footprints-register`: every enrolled fingerprint, revocation, and who is still missing one. */
export function FootprintsRegisterPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('vista') === 'pendientes' ? 'pendientes' : 'registradas';
  return (
    <>
      <PageHeader
        title="Registro de huellas"
        description="Huellas registradas por trabajador y dispositivo, y quiénes con la huella habilitada aún no la registran."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Huella' }, { label: 'Registro de huellas' }]}
        actions={
          <Button component={Link} to="/dashboard/enroll-footprint">
            Registrar huella
          </Button>
        }
      />
      <Tabs
        value={view}
        onChange={(value) => setParams(value === 'pendientes' ? { vista: 'pendientes' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="registradas">Huellas registradas</Tabs.Tab>
          <Tabs.Tab value="pendientes">Sin huella registrada</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="registradas">
          <Registered />
        </Tabs.Panel>
        <Tabs.Panel value="pendientes">
          <Pending />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function Registered() {
  const table = useTableParams({ filters: ['sedeId', 'estado'] as const });
  const query = { ...table.query, estado: table.filters.estado || 'activas' };
  const list = useCredentials(query);
  const sites = useSiteOptions();
  const revoke = useRevokeCredential();
  const [target, setTarget] = useState<Credencial | null>(null);

  const columns: Column<Credencial>[] = [
    { key: 'trabajador', header: 'Trabajador', primary: true, cell: (c) => <Text fw={600}>{c.usuario.nombre}</Text> },
    { key: 'rut', header: 'RUT', nowrap: true, cell: (c) => c.usuario.rut },
    { key: 'sede', header: 'Sede', hideOnMobile: true, cell: (c) => c.usuario.sede ?? '—' },
    { key: 'dispositivo', header: 'Dispositivo', cell: (c) => c.nombreDispositivo },
    { key: 'registrada', header: 'Registrada', nowrap: true, cell: (c) => formatDateTime(c.registradaEn) },
    { key: 'por', header: 'Registrada por', hideOnMobile: true, cell: (c) => c.registradaPor },
    { key: 'uso', header: 'Último uso', nowrap: true, cell: (c) => (c.ultimoUso ? formatDateTime(c.ultimoUso) : 'Nunca') },
    {
      key: 'estado',
      header: 'Estado',
      cell: (c) =>
        c.revocadaEn ? (
          <Badge color="gray" variant="light" size="sm">
            Revocada
          </Badge>
        ) : (
          <Badge color="jornada" variant="light" size="sm">
            Vigente
          </Badge>
        ),
    },
  ];

  return (
    <>
      <FilterBar search={{ label: 'Buscar', placeholder: 'Nombre o RUT', value: table.search, onChange: table.setSearch }} activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <FilterSelect
          label="Sede"
          data={sites}
          value={table.filters.sedeId}
          onChange={(value) => table.setFilter('sedeId', value)}
          placeholder="Todas"
        />
        <Select label="Estado" size="sm" data={ESTADOS} value={table.filters.estado || 'activas'} onChange={(value) => table.setFilter('estado', value)} allowDeselect={false} />
      </FilterBar>
      <DataTable
        caption="Huellas registradas"
        columns={columns}
        rows={list.data?.items}
        rowKey={(c) => c.id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={table.page}
        pageSize={list.data?.pageSize ?? table.pageSize}
        total={list.data?.total}
        onPageChange={table.setPage}
        rowActions={(c) =>
          c.revocadaEn ? null : (
            <Button size="xs" variant="light" color="red" onClick={() => setTarget(c)} aria-label={`Revocar huella de ${c.usuario.nombre} en ${c.nombreDispositivo}`}>
              Revocar
            </Button>
          )
        }
        empty={
          table.filtered
            ? { title: 'Ninguna huella coincide', description: 'Prueba con otros filtros.' }
            : { title: 'Aún no hay huellas registradas', description: 'Los trabajadores las registran en «Registrar huella».' }
        }
      />
      <ConfirmDialog
        opened={target !== null}
        onClose={() => setTarget(null)}
        title="Revocar huella"
        message={target ? `La huella de ${target.usuario.nombre} en «${target.nombreDispositivo}» dejará de servir para marcar.` : undefined}
        confirmLabel="Revocar huella"
        danger
        loading={revoke.isPending}
        onConfirm={() => {
          if (!target) return;
          revoke.mutate(target.id, {
            onSuccess: () => {
              setTarget(null);
              notify.success('Huella revocada.');
            },
            onError: (error) => notify.error(describeError(error)),
          });
        }}
      />
    </>
  );
}

function Pending() {
  const table = useTableParams({ filters: ['sedeId'] as const });
  const list = usePending(table.query);
  const sites = useSiteOptions();
  const columns: Column<PendienteHuella>[] = [
    { key: 'trabajador', header: 'Trabajador', primary: true, cell: (p) => <Text fw={600}>{p.nombre}</Text> },
    { key: 'rut', header: 'RUT', nowrap: true, cell: (p) => p.rut },
    { key: 'sede', header: 'Sede', cell: (p) => p.sede ?? '—' },
    { key: 'consentimiento', header: 'Consentimiento', cell: (p) => (p.consentimiento ? 'Otorgado' : 'Pendiente') },
  ];
  return (
    <>
      <FilterBar search={{ label: 'Buscar', placeholder: 'Nombre o RUT', value: table.search, onChange: table.setSearch }} activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <FilterSelect
          label="Sede"
          data={sites}
          value={table.filters.sedeId}
          onChange={(value) => table.setFilter('sedeId', value)}
          placeholder="Todas"
        />
      </FilterBar>
      <DataTable
        caption="Trabajadores sin huella registrada"
        columns={columns}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={table.page}
        pageSize={list.data?.pageSize ?? table.pageSize}
        total={list.data?.total}
        onPageChange={table.setPage}
        rowActions={(p) => (
          <Button size="xs" variant="light" component={Link} to={`/dashboard/enroll-footprint?usuarioId=${p.id}`} aria-label={`Registrar huella de ${p.nombre}`}>
            Registrar huella
          </Button>
        )}
        empty={{ title: 'Todos tienen su huella registrada', description: 'Solo se listan quienes tienen la huella habilitada como método de marcaje.' }}
      />
    </>
  );
}
