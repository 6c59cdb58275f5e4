import '@mantine/core/styles/Button.css';
import { ActionIcon, Button } from '@mantine/core';
import { monthLabel, shiftMonth } from './calendar';
import classes from './month-nav.module.css';

interface MonthNavProps {
  year: number;
  month: number;
  onChange: (next: { year: number; month: number }) => void;
  /** Shows "Hoy" to jump to this month. */
  current?: { year: number; month: number };
  /** Limits of the navigation (a preview's range). */
  min?: { year: number; month: number };
  max?: { year: number; month: number };
}

const index = (value: { year: number; month: number }) => value.year * 12 + value.month;

/** "‹ noviembre de 2026 ›" with "Hoy": the month shown by a grid. */
export function MonthNav({ year, month, onChange, current, min, max }: MonthNavProps) {
  const previous = shiftMonth(year, month, -1);
  const next = shiftMonth(year, month, 1);
  const isCurrent = current && current.year === year && current.month === month;
  return (
    <div className={classes.nav}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Mes anterior"
        onClick={() => onChange(previous)}
        disabled={min ? index(previous) < index(min) : false}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M15 6l-6 6 6 6" />
        </svg>
      </ActionIcon>
      <span className={classes.label} aria-live="polite">
        {monthLabel(year, month)}
      </span>
      <ActionIcon variant="default" size="lg" aria-label="Mes siguiente" onClick={() => onChange(next)} disabled={max ? index(next) > index(max) : false}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M9 6l6 6-6 6" />
        </svg>
      </ActionIcon>
      {current && (
        <Button variant="subtle" size="sm" onClick={() => onChange(current)} disabled={isCurrent}>
          Hoy
        </Button>
      )}
    </div>
  );
}
