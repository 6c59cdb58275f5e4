import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton } from '@mantine/core';
import { CODIGO_DESCANSO_COMPENSATORIO, CODIGO_FERIADO_HORAS_EXTRA, ESTADOS_PERMISO, type Permiso } from '@jornada/contracts';
import { useState } from 'react';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { ErrorState } from '../../../components/states';
import { EsDatesProvider } from '../../../lib/dates';
import { useMyBalances, useMyPermissions, usePermissionTypes } from '../api/permissions';
import { DecisionDialog } from './decision-dialog';
import { BalanceCards } from './balance-cards';
import { ESTADO_LABELS, isEarnedRest, isOwedRest, PermissionStatus } from './labels';
import { NotesCell, PeriodCell, TypeCell } from './permission-cells';
import { PermissionFormDialog } from './permission-form-dialog';
import classes from './permissions-page.module.css';

const FILTERS = ['estado'] as const;
const ESTADO_OPTIONS = ESTADOS_PERMISO.map((estado) => ({ value: estado, label: ESTADO_LABELS[estado] }));

/** The session's balance of each type with a yearly allowance, and of the compensatory rest owed (art. 38), this year. */
function MyBalances() {
  const year = new Date().getFullYear();
  const balances = useMyBalances(year);
  if (balances.isPending) {
    return (
      <div className={classes.balances} aria-busy="true">
        <Skeleton height={96} />
      </div>
    );
  }
  if (balances.error) return <ErrorState error={balances.error} onRetry={() => void balances.refetch()} title="No pudimos cargar tu saldo" />;
  if (balances.data.items.length === 0) return null;
  return <BalanceCards items={balances.data.items} year={year} label={`Saldo ${year}`} />;
}

/** `/dashboard/permisos/mios`: the session's own permissions and requests, their balance, and the request form. */
export function MyPermissionsPage() {
  const table = useTableParams({ filters: FILTERS });
  const permissions = useMyPermissions(table.query);
  const types = usePermissionTypes();
  const balances = useMyBalances(new Date().getFullYear());
  const [requesting, setRequesting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Permiso | null>(null);
  // The compensatory rest (art. 38) is offered only to whom it is owed: the server lists its balance to excepted workers only.
  const owedRest = (balances.data?.items ?? []).some(isOwedRest);
  // The overtime's vacation days (art. 32) likewise: the server lists their balance only under a «feriado» pact.
  const earnedRest = (balances.data?.items ?? []).some(isEarnedRest);
  const requestTypes = (types.data?.items ?? []).filter((type) => (type.codigo !== CODIGO_DESCANSO_COMPENSATORIO || owedRest) && (type.codigo !== CODIGO_FERIADO_HORAS_EXTRA || earnedRest));
  const requestable = requestTypes.some((type) => type.activo && type.solicitable);

  const columns: Column<Permiso>[] = [
    { key: 'tipo', header: 'Tipo', primary: true, cell: (p) => <TypeCell permiso={p} /> },
    { key: 'periodo', header: 'Periodo', cell: (p) => <PeriodCell permiso={p} /> },
    { key: 'estado', header: 'Estado', nowrap: true, cell: (p) => <PermissionStatus estado={p.estado} /> },
    { key: 'detalle', header: 'Comentarios', cell: (p) => <NotesCell permiso={p} /> },
  ];

  const requestButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setRequesting(true)} disabled={!requestable}>
      Solicitar permiso
    </Button>
  );

  return (
    <EsDatesProvider>
      <PageHeader
        title="Mis permisos"
        description="Tus vacaciones, licencias y permisos. Solicita uno y tu jefatura lo aprobará o rechazará; te avisaremos por correo."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Mis permisos' }]}
        actions={requestButton}
      />
      <MyBalances />
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={table.filters.estado} onChange={(v) => table.setFilter('estado', v)} />
      </FilterBar>
      <DataTable
        caption="Mis permisos"
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
          row.puedeAnular ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => setWithdrawing(row)} aria-label={`Retirar la solicitud de ${row.tipo.nombre}`}>
              Retirar
            </Button>
          ) : null
        }
        empty={
          table.filtered
            ? { title: 'Ningún permiso coincide con el filtro', description: 'Prueba con otro estado o limpia el filtro.' }
            : { title: 'Aún no tienes permisos', description: 'Solicita vacaciones o un permiso y aparecerá aquí con su estado.', action: requestable ? requestButton : undefined }
        }
      />
      <PermissionFormDialog opened={requesting} onClose={() => setRequesting(false)} kind="solicitar" types={requestTypes} />
      <DecisionDialog permiso={withdrawing} action={withdrawing ? 'anular' : null} own onClose={() => setWithdrawing(null)} />
    </EsDatesProvider>
  );
}
