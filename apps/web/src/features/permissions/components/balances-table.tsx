import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Select, Text } from '@mantine/core';
import type { SaldoPermiso } from '@jornada/contracts';
import { countActiveFilters, DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { WorkerFilter } from '../../../components/worker-filter';
import { useBalances } from '../api/permissions';
import { COMPENSATORY_REST_BASIS, formatAmount, isEarnedRest, isOwedRest } from './labels';
import classes from './permissions-page.module.css';

const FILTERS = ['anio', 'usuarioId'] as const;

/**
 * Each worker's balance of the types with a yearly allowance, for a year. The far-south days and the
 * progressive days of the legal vacation come computed from the worker's site and contract (arts. 67
 * and 68), with their basis under the type. The compensatory rest of art. 38, for the workers excepted
 * from Sunday rest, is the days owed for the Sundays and holidays worked, not an allowance.
 */
export function BalancesTable() {
  const table = useTableParams({ filters: FILTERS });
  const thisYear = new Date().getFullYear();
  const year = Number(table.filters.anio) || thisYear;
  const balances = useBalances({ ...table.query, anio: year });
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
    {
      key: 'tipo',
      header: 'Tipo',
      cell: (s) => (
        <div className={classes.cell}>
          <Text size="sm">
            {s.tipo.nombre} ({s.tipo.codigo})
          </Text>
          {isOwedRest(s) ? (
            <Text size="xs" c="dimmed">
              {COMPENSATORY_REST_BASIS}
            </Text>
          ) : null}
          {s.fundamento.map((line) => (
            <Text key={line} size="xs" c="dimmed">
              {line}
            </Text>
          ))}
        </div>
      ),
    },
    {
      key: 'asignados',
      header: 'Del año',
      align: 'right',
      nowrap: true,
      cell: (s) =>
        isOwedRest(s) || isEarnedRest(s) ? (
          <div className={classes.cell}>
            <Text size="sm">{formatAmount(s.asignados, s.tipo.unidad)}</Text>
            <Text size="xs" c="dimmed">
              {isOwedRest(s) ? 'adeudados' : 'por horas extra'}
            </Text>
          </div>
        ) : (
          formatAmount(s.asignados, s.tipo.unidad)
        ),
    },
    { key: 'progresivos', header: 'Progresivos', align: 'right', cell: (s) => (isOwedRest(s) || isEarnedRest(s) ? '—' : s.diasProgresivos.toLocaleString('es-CL')) },
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
      <FilterBar
        pinned={<Select label="Año" size="sm" data={years} value={String(year)} onChange={(v) => table.setFilter('anio', v)} allowDeselect={false} />}
        activeCount={countActiveFilters(table.filters, ['usuarioId'])}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} />
      </FilterBar>
      <Text size="xs" c="dimmed" mb="sm">
        Un permiso cuenta en el año en que empieza. Los pendientes ya descuentan del saldo disponible. En Vacaciones, los 20 días de
        Magallanes, Aysén y la provincia de Palena (art. 67) y los días progresivos (art. 68) se calculan con la sede y el contrato de
        cada trabajador: los años con empleadores anteriores se registran en su ficha. El descanso compensatorio aparece solo para
        quienes están exceptuados del descanso dominical: {COMPENSATORY_REST_BASIS}, según la asistencia registrada; los días que se
        otorgan se registran como permiso de ese tipo.
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
        empty={{
          title: 'No hay saldos que mostrar',
          description:
            'Los saldos aparecen para los tipos de permiso con días por año (como Vacaciones), el descanso compensatorio de quienes están exceptuados del descanso dominical (art. 38) y los trabajadores a tu cargo.',
        }}
      />
    </>
  );
}
