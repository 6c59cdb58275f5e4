import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Text.css';
import { Button, NumberInput, Select, Text } from '@mantine/core';
import { diasProgresivosBodySchema, type SaldoPermiso } from '@jornada/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { WorkerFilter } from '../../../components/worker-filter';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useBalances, useSetProgressiveDays } from '../api/permissions';
import { formatAmount } from './labels';
import classes from './permissions-page.module.css';

const FILTERS = ['anio', 'usuarioId'] as const;

function ProgressiveDaysDialog({ saldo, onClose }: { saldo: SaldoPermiso | null; onClose: () => void }) {
  const mutation = useSetProgressiveDays();
  const [value, setValue] = useState<number | string>(saldo?.diasProgresivos ?? 0);
  const [error, setError] = useState<string | null>(null);
  if (!saldo) return <ConfirmDialog opened={false} onClose={onClose} title="" confirmLabel="" onConfirm={() => undefined} />;
  const confirm = async () => {
    const parsed = diasProgresivosBodySchema.safeParse({ dias: typeof value === 'number' ? value : Number.NaN });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await mutation.mutateAsync({ usuarioId: saldo.usuario.id, tipoId: saldo.tipo.id, dias: parsed.data.dias });
      notify.success('Días progresivos guardados.');
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields?.dias ?? failure.message) : errorMessage(failure));
    }
  };
  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title="Días progresivos"
      message={`Feriado progresivo (art. 68 del Código del Trabajo) de ${saldo.usuario.nombre} ${saldo.usuario.apellidos}: se suman cada año a los días de ${saldo.tipo.nombre}.`}
      confirmLabel="Guardar"
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      <NumberInput label="Días progresivos por año" name="dias" min={0} max={60} allowDecimal={false} value={value} onChange={setValue} error={error} data-autofocus />
    </ConfirmDialog>
  );
}

/** Each worker's balance of the types with a yearly allowance, for a year. */
export function BalancesTable() {
  const { user } = useSession();
  const table = useTableParams({ filters: FILTERS });
  const thisYear = new Date().getFullYear();
  const year = Number(table.filters.anio) || thisYear;
  const balances = useBalances({ ...table.query, anio: year });
  const [editing, setEditing] = useState<SaldoPermiso | null>(null);
  const years = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({ value: String(y), label: String(y) }));

  const columns: Column<SaldoPermiso>[] = [
    {
      key: 'trabajador',
      header: 'Trabajador',
      primary: true,
      cell: (s) => (
        <div className={classes.cell}>
          <Text size="sm" fw={600}>
            {s.usuario.nombre} {s.usuario.apellidos}
          </Text>
          <Text size="xs" c="dimmed">
            {s.usuario.rut}
          </Text>
        </div>
      ),
    },
    { key: 'tipo', header: 'Tipo', cell: (s) => `${s.tipo.nombre} (${s.tipo.codigo})` },
    { key: 'asignados', header: 'Del año', align: 'right', nowrap: true, cell: (s) => formatAmount(s.asignados, s.tipo.unidad) },
    { key: 'progresivos', header: 'Progresivos', align: 'right', cell: (s) => s.diasProgresivos.toLocaleString('es-CL') },
    { key: 'usados', header: 'Usados', align: 'right', cell: (s) => s.usados.toLocaleString('es-CL') },
    { key: 'pendientes', header: 'Pendientes', align: 'right', cell: (s) => s.pendientes.toLocaleString('es-CL') },
    {
      key: 'disponibles',
      header: 'Disponibles',
      align: 'right',
      cell: (s) => (
        <Text size="sm" fw={700} c={s.disponibles <= 0 ? 'red.9' : undefined}>
          {s.disponibles.toLocaleString('es-CL')}
        </Text>
      ),
    },
  ];

  return (
    <>
      <FilterBar onClear={table.clear} canClear={table.filtered}>
        <Select label="Año" size="sm" data={years} value={String(year)} onChange={(v) => table.setFilter('anio', v)} allowDeselect={false} />
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} />
      </FilterBar>
      <Text size="xs" c="dimmed" mb="sm">
        Un permiso cuenta en el año en que empieza. Los pendientes ya descuentan del saldo disponible.
      </Text>
      <DataTable
        caption={`Saldos ${year}`}
        columns={columns}
        rows={balances.data?.items}
        rowKey={(row) => `${row.usuario.id}-${row.tipo.id}`}
        loading={balances.isPending}
        fetching={balances.isFetching && !balances.isPending}
        error={balances.error}
        onRetry={() => void balances.refetch()}
        page={table.page}
        pageSize={balances.data?.pageSize ?? table.pageSize}
        total={balances.data?.total}
        onPageChange={table.setPage}
        rowActions={
          user.perfil === 'administrador'
            ? (row) => (
                <Button size="xs" variant="light" onClick={() => setEditing(row)} aria-label={`Días progresivos de ${row.usuario.nombre} ${row.usuario.apellidos}`}>
                  Días progresivos
                </Button>
              )
            : undefined
        }
        empty={{
          title: 'No hay saldos que mostrar',
          description: 'Los saldos aparecen para los tipos de permiso con días por año (como Vacaciones) y los trabajadores a tu cargo.',
        }}
      />
      <ProgressiveDaysDialog key={editing ? `${editing.usuario.id}-${editing.tipo.id}` : 'none'} saldo={editing} onClose={() => setEditing(null)} />
    </>
  );
}
