import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Select, Text } from '@mantine/core';
import { MAX_PAGE_SIZE, type SaldoPermiso } from '@jornada/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { useBalances, useMyBalances } from '../api/permissions';
import { BalanceCards } from './balance-cards';
import classes from './worker-balances-panel.module.css';

interface Props {
  workerId: string;
  year: number;
}

function Balances({ query, year, own }: { query: UseQueryResult<{ items: SaldoPermiso[] }>; year: number; own: boolean }) {
  if (query.isPending) return <BlockSkeleton lines={3} label="Cargando los saldos" />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} title="No pudimos cargar los saldos" />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState
        title={`Sin saldos en ${year}`}
        description="Los saldos aparecen para los tipos de permiso con días por año, como Vacaciones (feriado legal)."
      />
    );
  }
  return <BalanceCards items={query.data.items} year={year} label={own ? `Mi saldo ${year}` : `Saldo ${year}`} />;
}

/** The viewer's own balance: `GET /api/v1/permisos/mios/saldos` (every perfil that takes leave). */
function OwnBalances({ year }: Props) {
  const query = useMyBalances(year);
  return <Balances query={query} year={year} own />;
}

/** Someone else's: `GET /api/v1/permisos/saldos?usuarioId=` (administrador; supervisor within the groups they lead). */
function TeamBalances({ workerId, year }: Props) {
  const query = useBalances({ usuarioId: workerId, anio: year, pageSize: MAX_PAGE_SIZE });
  return <Balances query={query} year={year} own={false} />;
}

/**
 * The «Saldos» tab of a person's record: for a year (`?anio=`, this year by default), the balance of
 * each permission type with days per year — the legal vacation (feriado) with its far-south and
 * progressive days and their basis —, used, pending and available.
 */
export function WorkerBalancesPanel({ workerId, own }: { workerId: string; own: boolean }) {
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getFullYear();
  const years = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2];
  const asked = Number(params.get('anio'));
  const year = years.includes(asked) ? asked : thisYear;
  const setYear = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!value || Number(value) === thisYear) next.delete('anio');
        else next.set('anio', value);
        return next;
      },
      { replace: true },
    );
  const list = own ? '/dashboard/permisos/mios' : `/dashboard/permisos?usuarioId=${encodeURIComponent(workerId)}`;

  return (
    <SectionCard
      title="Saldos de permisos"
      description="Un permiso cuenta en el año en que empieza. Los pendientes ya descuentan del saldo disponible."
      actions={
        <Select
          label="Año"
          size="sm"
          className={classes.year}
          data={years.map((y) => ({ value: String(y), label: String(y) }))}
          value={String(year)}
          onChange={setYear}
          allowDeselect={false}
        />
      }
    >
      {own ? <OwnBalances workerId={workerId} year={year} /> : <TeamBalances workerId={workerId} year={year} />}
      <Text size="sm" mt="md">
        <Anchor component={Link} to={list}>
          {own ? 'Ver mis permisos y solicitudes' : 'Ver sus permisos y solicitudes'}
        </Anchor>
      </Text>
    </SectionCard>
  );
}
