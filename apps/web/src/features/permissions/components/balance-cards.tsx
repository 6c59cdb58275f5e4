import '@mantine/core/styles/Text.css';
import { Paper, Text } from '@mantine/core';
import type { SaldoPermiso } from '@jornada/contracts';
import { plural } from '../../../lib/format';
import { COMPENSATORY_REST_BASIS, formatAmount, isEarnedRest, isOwedRest } from './labels';
import classes from './permissions-page.module.css';

/**
 * One card per type with a balance: what is available, the year's days (with the progressive ones) or, for
 * the compensatory rest of art. 38, the days owed for the Sundays and holidays worked, used and pending,
 * and the server's basis for the figure (far south, progressive days, Sundays and holidays worked).
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
            {formatAmount(saldo.disponibles, saldo.tipo.unidad)} {saldo.disponibles === 1 ? 'disponible' : 'disponibles'}
          </Text>
          <Text size="xs" c="dimmed">
            {isOwedRest(saldo)
              ? plural(saldo.asignados, 'adeudado')
              : isEarnedRest(saldo)
                ? `${formatAmount(saldo.asignados, saldo.tipo.unidad)} por horas extra`
                : `${saldo.asignados.toLocaleString('es-CL')} del año${saldo.diasProgresivos > 0 ? ` (con ${plural(saldo.diasProgresivos, 'progresivo')})` : ''}`}{' '}
            · {plural(saldo.usados, isOwedRest(saldo) ? 'otorgado' : 'usado')} · {plural(saldo.pendientes, 'pendiente')}
          </Text>
          {isOwedRest(saldo) ? (
            <Text size="xs" c="dimmed">
              {COMPENSATORY_REST_BASIS}
            </Text>
          ) : null}
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
