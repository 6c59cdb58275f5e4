import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { monthLayout } from './calendar';
import { contrastRatio, readableTextColor } from './contrast';
import { PlanningGrid, type PlanningGridProps } from './planning-grid';
import type { GridEntry, GridShift, GridWorker } from './types';
import { plannedWeek } from './week-summary';

const OFICINA: GridShift = { id: 's1', code: 'OF', name: 'Oficina', color: '#1c7ed6', start: '09:00', end: '18:00', break: { start: '13:00', end: '14:00' } };
const LARGO: GridShift = { id: 's2', code: 'L12', name: 'Largo', color: '#ffd43b', start: '08:00', end: '20:00', break: { minutes: 60 } };
const NOCHE: GridShift = { id: 's3', code: 'N', name: 'Noche', color: '#343a40', start: '22:00', end: '06:00', break: { minutes: 30 } };

const ANA: GridWorker = { id: 'w1', name: 'Ana Pérez', detail: '12.345.678-5' };
const BRUNO: GridWorker = { id: 'w2', name: 'Bruno Soto' };

function plan(entries: Record<string, GridEntry>): Map<string, GridEntry> {
  return new Map(Object.entries(entries));
}

const turno = (shift: GridShift): GridEntry => ({ kind: 'turno', shift });

/** Monday 2 to Friday 6 November 2026 with the office shift (8 h a day), weekend libre. */
function officeWeek(): Record<string, GridEntry> {
  return {
    '2026-11-02': turno(OFICINA),
    '2026-11-03': turno(OFICINA),
    '2026-11-04': turno(OFICINA),
    '2026-11-05': turno(OFICINA),
    '2026-11-06': turno(OFICINA),
    '2026-11-07': { kind: 'libre' },
    '2026-11-08': { kind: 'libre' },
  };
}

function renderGrid(props: Partial<PlanningGridProps> = {}) {
  const all: PlanningGridProps = {
    label: 'Planificación de noviembre de 2026',
    year: 2026,
    month: 11,
    workers: [ANA, BRUNO],
    plans: new Map([
      ['w1', plan(officeWeek())],
      ['w2', plan({})],
    ]),
    holidays: new Map([['2026-11-01', 'Día de Todos los Santos']]),
    ...props,
  };
  return render(
    <MantineProvider theme={theme}>
      <PlanningGrid {...all} />
    </MantineProvider>,
  );
}

describe('monthLayout', () => {
  it('adds a weekly total after each Sunday and after the last day, and loads whole weeks', () => {
    const layout = monthLayout(2026, 11);
    expect(layout.days).toHaveLength(30);
    // 1 Nov 2026 is a Sunday: its week starts on Monday 26 October.
    expect(layout.loadFrom).toBe('2026-10-26');
    expect(layout.loadTo).toBe('2026-12-06');
    expect(layout.weeks.map((week) => week.monday)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
    expect(layout.columns.filter((column) => column.kind === 'week')).toHaveLength(6);
    expect(layout.columns[1]).toEqual({ kind: 'week', week: 0 });
  });
});

describe('plannedWeek (the figures of a week the server did not judge)', () => {
  it('counts hours and working days, and never flags anything itself', () => {
    const week = plannedWeek('2026-11-02', plan(officeWeek()), 'America/Santiago');
    expect(week.plannedSeconds).toBe(40 * 3600);
    expect(week.workingDays).toBe(5);
    expect(week.flags).toEqual([]);
    // Seven days with a 13-hour one: the alerts are the engine's, sent by the server, not the grid's.
    const entries: Record<string, GridEntry> = {};
    for (let day = 2; day <= 8; day++) entries[`2026-11-0${day}`] = turno(day === 4 ? LARGO : OFICINA);
    const long = plannedWeek('2026-11-02', plan(entries), 'America/Santiago');
    expect(long.workingDays).toBe(7);
    expect(long.flags).toEqual([]);
    expect(long.longDays).toEqual([]);
  });

  it('binds the limit in force on the last planned day, as the engine does', () => {
    const shift = (hours: number): GridShift => ({ ...OFICINA, id: `h${hours}`, start: '08:00', end: `${String(8 + hours).padStart(2, '0')}:00`, break: null });
    // 42 hours from Sunday 26 April 2026: a week whose last shift is on the 26th answers to 42.
    expect(plannedWeek('2026-04-20', plan({ '2026-04-20': turno(shift(9)), '2026-04-26': turno(shift(9)) }), 'America/Santiago').limitHours).toBe(42);
    expect(plannedWeek('2026-04-20', plan({ '2026-04-20': turno(shift(9)) }), 'America/Santiago').limitHours).toBe(44);
  });

  it('says a week with an unplanned day is incomplete', () => {
    expect(plannedWeek('2026-11-02', plan({ '2026-11-02': turno(OFICINA) }), 'America/Santiago').incomplete).toBe(true);
  });

  it('counts an overnight shift by its real length across the end of summer time', () => {
    // Saturday 4 April 2026 at 22:00 to Sunday 06:00 lasts 9 real hours (23:00-23:59 happens twice).
    const week = plannedWeek('2026-03-30', plan({ '2026-04-04': turno(NOCHE) }), 'America/Santiago');
    expect(week.plannedSeconds).toBe(9 * 3600 - 30 * 60);
  });
});

describe('readableTextColor', () => {
  it('picks text with at least 4.5:1 contrast on any shift colour', () => {
    expect(readableTextColor('#343a40')).toBe('#ffffff');
    expect(readableTextColor('#ffd43b')).toBe('#10231f');
    for (let i = 0; i < 200; i++) {
      const color = `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`;
      expect(contrastRatio(color, readableTextColor(color))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('PlanningGrid', () => {
  it('names each cell by day, worker and plan, and marks holidays in the header', () => {
    renderGrid({ onCellClick: vi.fn() });
    const grid = screen.getByRole('grid', { name: 'Planificación de noviembre de 2026' });
    expect(grid).toHaveAttribute('aria-rowcount', '3');
    expect(within(grid).getByRole('button', { name: 'Lunes 2 de noviembre, Ana Pérez: turno Oficina 09:00–18:00' })).toHaveTextContent('09–18');
    expect(within(grid).getByRole('button', { name: 'Sábado 7 de noviembre, Ana Pérez: libre' })).toHaveTextContent('L');
    expect(within(grid).getByRole('button', { name: 'Domingo 1 de noviembre (feriado: Día de Todos los Santos), Bruno Soto: sin planificación' })).toHaveTextContent('F');
    expect(within(grid).getByRole('button', { name: 'Martes 3 de noviembre, Bruno Soto: sin planificación' })).toHaveTextContent('');
    const holidayHeader = within(grid).getByRole('columnheader', { name: /Domingo 1 de noviembre, feriado: Día de Todos los Santos/ });
    expect(holidayHeader).toHaveAttribute('data-holiday');
    expect(within(grid).getAllByRole('columnheader', { name: /Total de la semana/ })).toHaveLength(6);
  });

  it('the shift colour comes with a readable text colour', () => {
    renderGrid({ onCellClick: vi.fn(), plans: new Map([['w1', plan({ '2026-11-02': turno(LARGO), '2026-11-03': turno(NOCHE) })]]) });
    expect(screen.getByRole('button', { name: /Lunes 2 de noviembre, Ana Pérez/ })).toHaveStyle({ color: '#10231f' });
    expect(screen.getByRole('button', { name: /Martes 3 de noviembre, Ana Pérez/ })).toHaveStyle({ color: '#ffffff' });
  });

  it('shows weekly totals beside each worker, and the legal alerts the server sent for a week', () => {
    const entries = officeWeek();
    for (let day = 9; day <= 14; day++) entries[`2026-11-${String(day).padStart(2, '0')}`] = turno(LARGO);
    const judged = {
      ...plannedWeek('2026-11-09', plan(entries), 'America/Santiago'),
      flags: [
        { code: 'jornada_semanal_sobre_limite', message: 'Semana del 09-11-2026: 66 h planificadas superan el máximo legal de 42 horas semanales.' },
        { code: 'jornada_diaria_sobre_limite', message: 'Turno 08:00–20:00 del 09-11-2026 con 11 h ordinarias: supera el máximo legal de 10 horas diarias.' },
      ],
      longDays: ['2026-11-09'],
    } as const;
    const { unmount } = renderGrid({ plans: new Map([['w1', plan(entries)]]), weeks: new Map([['w1', new Map([['2026-11-09', { ...judged, flags: [...judged.flags], longDays: [...judged.longDays] }]])]]) });
    const ok = screen.getByRole('gridcell', { name: /^Semana del 02-11: 40:00 horas planificadas en 5 días$/ });
    expect(ok).toHaveTextContent('40:00');
    const flagged = screen.getByLabelText(/^Semana del 09-11: 66:00 horas planificadas en 6 días\. Alerta: /);
    expect(flagged.textContent).toContain('66:00');
    expect(flagged.getAttribute('aria-label')).toContain('superan el máximo legal de 42 horas semanales');
    expect(flagged.getAttribute('aria-label')).toContain('supera el máximo legal de 10 horas diarias');
    expect(flagged.closest('[role="gridcell"]')).toHaveAttribute('data-warn');
    expect(screen.getByText('1 semana con alerta legal')).toBeInTheDocument();
    unmount();
    // The same plan without the server's judgement: hours only, no alert of the grid's own.
    renderGrid({ plans: new Map([['w1', plan(entries)]]) });
    const unjudged = screen.getByLabelText(/^Semana del 09-11: 66:00 horas planificadas en 6 días/);
    expect(unjudged.getAttribute('aria-label')).not.toContain('Alerta');
    expect(unjudged.closest('[role="gridcell"]')).not.toHaveAttribute('data-warn');
  });

  it('is one tab stop, moved with the arrow keys; Enter opens the day', async () => {
    const onCellClick = vi.fn();
    renderGrid({ onCellClick });
    const first = screen.getByRole('button', { name: /^Domingo 1 de noviembre.*Ana Pérez/ });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: /^Lunes 2 de noviembre, Ana Pérez/ })).toHaveAttribute('tabindex', '-1');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    // Column 2 is the total of the first week.
    expect(document.activeElement).toHaveAttribute('aria-label', expect.stringMatching(/^Semana del 26-10/));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toHaveAccessibleName('Lunes 2 de noviembre, Ana Pérez: turno Oficina 09:00–18:00');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveAccessibleName('Lunes 2 de noviembre, Bruno Soto: sin planificación');
    expect(document.activeElement).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toHaveAttribute('aria-label', expect.stringMatching(/^Semana del 30-11/));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await userEvent.keyboard('{Enter}');
    expect(onCellClick).toHaveBeenCalledWith('w2', '2026-11-01');
  });

  it('draws only the rows in view for 200 workers and scrolls to a row out of view with the keyboard', () => {
    const workers = Array.from({ length: 200 }, (_, index) => ({ id: `w${index}`, name: `Persona ${index + 1}` }));
    renderGrid({ workers, plans: new Map(workers.map((worker) => [worker.id, plan(officeWeek())])), onCellClick: vi.fn() });
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-rowcount', '201');
    const drawn = within(grid).getAllByRole('row').length - 1;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(40);
    const first = screen.getByRole('button', { name: /^Domingo 1 de noviembre .*Persona 1:/ });
    first.focus();
    fireEvent.keyDown(first, { key: 'End', ctrlKey: true });
    expect(document.activeElement).toHaveAttribute('aria-label', expect.stringMatching(/^Semana del 30-11/));
    expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '201');
  });

  it('read-only: days are not buttons but keep their names', () => {
    renderGrid();
    expect(screen.queryByRole('button', { name: /Lunes 2 de noviembre/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Lunes 2 de noviembre, Ana Pérez: turno Oficina 09:00–18:00')).toBeInTheDocument();
  });
});
