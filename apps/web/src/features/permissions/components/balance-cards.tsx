import '@mantine/core/styles/Text.css';
import { Paper, Text } from '@mantine/core';
import type { SaldoPermiso } from '@jornada/contracts';
import { plural } from '../../../lib/format';
import { formatAmount } from './labels';
import classes from './permissions-page.module.css';

/**
 * One card per type with a yearly allowance: what is available, the year's days (with the progressive
 * ones), used and pending, and the server's basis for the figure (far south, progressive days).
 */
export function BalanceCards({ items, year, label }: { items: readonly SaldoPermiso[]; year: number; label: string }) {
  return (
    <section className={classes.balances} aria-label={label}>
      {items.map((saldo) => (
        <Paper key={saldo.tipo.id} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {saldo.tipo.nombre} {year}
          </Text>
          <Text size="xl" fw={700}>
            {formatAmount(saldo.disponibles, saldo.tipo.unidad)} disponibles
          </Text>
          <Text size="xs" c="dimmed">
            {saldo.asignados.toLocaleString('es-CL')} del año{saldo.diasProgresivos > 0 ? ` (con ${plural(saldo.diasProgresivos, 'progresivo')})` : ''} · {plural(saldo.usados, 'usado')} ·{' '}
            {plural(saldo.pendientes, 'pendiente')}
          </Text>
          {saldo.fundamento.map((line) => (
            <Text key={line} size="xs" c="dimmed">
              {line}
            </Text>
          ))}
        </Paper>
      ))}
    </section>
  );
}
