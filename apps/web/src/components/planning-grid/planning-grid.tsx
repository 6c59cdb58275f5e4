import { Popover } from '@mantine/core';
import type { LocalDate } from '@jornada/domain';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { compactRange, fullRange, hoursMinutes, longDayLabel, monthLayout, shortDate, weekdayShort, type GridColumn, type MonthLayout } from './calendar';
import { readableTextColor } from './contrast';
import type { CellHighlight, GridEntry, GridPermission, GridWorker, WorkerPermissions, WorkerPlan } from './types';
import { plannedWeek, type WeekSummary } from './week-summary';
import classes from './planning-grid.module.css';

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 52;
const OVERSCAN = 8;
/** Without a measured viewport (jsdom, first paint) this many rows are drawn. */
const FALLBACK_VIEWPORT = 720;

export interface CellEditor {
  workerId: string;
  date: LocalDate;
  /** The popover's content (choose a shift, rest, or clear; the reason when asked). */
  content: ReactNode;
  onClose: () => void;
}

export interface PlanningGridProps {
  /** Accessible name of the grid, e.g. "Planificación de noviembre de 2026". */
  label: string;
  year: number;
  /** 1..12 */
  month: number;
  workers: readonly GridWorker[];
  /** Plans by worker id; keep a worker's map identity when it does not change, so only changed rows redraw. */
  plans: ReadonlyMap<string, WorkerPlan>;
  /** Holiday names by date. */
  holidays: ReadonlyMap<LocalDate, string>;
  /** Site time zone (shift lengths across DST changes). */
  zone?: string;
  /** Marks today's column. */
  today?: LocalDate;
  highlights?: ReadonlyMap<string, ReadonlyMap<LocalDate, CellHighlight>>;
  /** Approved permissions by worker id and date: their code is shown as a badge on the day. */
  permissions?: ReadonlyMap<string, WorkerPermissions>;
  /**
   * The server's week summaries (the engine's plan alerts), by worker and Monday. A week missing here shows
   * the hours `plans` give it and no alert: the grid never judges a week itself.
   */
  weeks?: ReadonlyMap<string, ReadonlyMap<LocalDate, WeekSummary>>;
  /** Days being saved (`workerId|date`): shown as busy. */
  pending?: ReadonlySet<string>;
  /** Makes each day a button; without it the grid is read-only. */
  onCellClick?: (workerId: string, date: LocalDate) => void;
  editor?: CellEditor | null;
  /** CSS max-height of the scrolling area. */
  maxHeight?: string;
  /** A date of the month to scroll into view at the left when the grid opens on it (a preview's first planned date). */
  startDate?: LocalDate;
}

export function cellKey(workerId: string, date: LocalDate): string {
  return `${workerId}|${date}`;
}

/** What a cell says to a screen reader: "Lunes 3 de noviembre, Ana Pérez: turno Oficina 09:00–18:00". */
function cellLabel(
  date: LocalDate,
  worker: GridWorker,
  entry: GridEntry | undefined,
  holiday: string | undefined,
  highlight?: CellHighlight,
  permission?: GridPermission,
): string {
  let what: string;
  if (!entry) what = 'sin planificación';
  else if (entry.kind === 'libre') what = 'libre';
  else {
    what = `turno ${entry.shift.name} ${fullRange(entry.shift.start, entry.shift.end)}`;
  }
  const day = holiday ? `${longDayLabel(date)} (feriado: ${holiday})` : longDayLabel(date);
  const suffix = highlight === 'conflicto' ? '. Conflicto con la planificación existente' : highlight === 'cambio' ? '. Cambia la planificación existente' : '';
  const permit = permission ? `. Permiso aprobado ${permission.code}${permission.hours ? ' por horas' : ''}` : '';
  return `${day}, ${worker.name}: ${what}${permit}${suffix}`;
}

function weekLabel(summary: WeekSummary): string {
  const range = `Semana del ${shortDate(summary.monday)}`;
  const base = `${range}: ${hoursMinutes(summary.plannedSeconds)} horas planificadas en ${summary.workingDays} ${summary.workingDays === 1 ? 'día' : 'días'}`;
  const alerts = summary.flags.length === 0 ? '' : `. Alerta: ${summary.flags.map((flag) => flag.message).join('; ')}`;
  return `${base}${alerts}${summary.incomplete ? '. Semana incompleta: tiene días sin planificar' : ''}`;
}

interface RowProps {
  worker: GridWorker;
  rowIndex: number;
  layout: MonthLayout;
  plan: WorkerPlan | undefined;
  weeks: ReadonlyMap<LocalDate, WeekSummary> | undefined;
  holidays: ReadonlyMap<LocalDate, string>;
  zone: string;
  today: LocalDate | undefined;
  highlights: ReadonlyMap<LocalDate, CellHighlight> | undefined;
  permissions: WorkerPermissions | undefined;
  pending: ReadonlySet<string> | undefined;
  /** The column holding the roving tab stop, or -1 when it is in another row. */
  tabColumn: number;
  interactive: boolean;
  onCellClick?: (workerId: string, date: LocalDate) => void;
  editor: CellEditor | null;
}

const GridRow = memo(function GridRow({
  worker,
  rowIndex,
  layout,
  plan,
  weeks,
  holidays,
  zone,
  today,
  highlights,
  permissions,
  pending,
  tabColumn,
  interactive,
  onCellClick,
  editor,
}: RowProps) {
  const summaries = useMemo(
    () => layout.weeks.map((week) => weeks?.get(week.monday) ?? plannedWeek(week.monday, plan, zone)),
    [layout.weeks, plan, weeks, zone],
  );
  const flagged = summaries.filter((summary) => summary.flags.length > 0).length;
  const longDays = useMemo(() => new Set(summaries.flatMap((summary) => summary.longDays)), [summaries]);

  return (
    <div role="row" aria-rowindex={rowIndex + 2} className={classes.row}>
      <div role="rowheader" className={classes.nameCell}>
        <span className={classes.name} title={worker.name}>
          {worker.name}
        </span>
        {worker.detail && <span className={classes.detail}>{worker.detail}</span>}
        {flagged > 0 && (
          <span className={classes.rowFlag} title={`${flagged} ${flagged === 1 ? 'semana con alerta legal' : 'semanas con alertas legales'}`}>
            <span aria-hidden="true">!</span>
            <span className={classes.srOnly}>{`${flagged} ${flagged === 1 ? 'semana con alerta legal' : 'semanas con alertas legales'}`}</span>
          </span>
        )}
      </div>
      {layout.columns.map((column, colIndex) => {
        const tabIndex = colIndex === tabColumn ? 0 : -1;
        if (column.kind === 'week') {
          const summary = summaries[column.week]!;
          const warn = summary.flags.length > 0;
          return (
            <div role="gridcell" key={`w${column.week}`} className={classes.weekCell} data-warn={warn || undefined}>
              <div
                className={classes.weekInner}
                tabIndex={tabIndex}
                data-row={rowIndex}
                data-col={colIndex}
                aria-label={weekLabel(summary)}
                title={weekLabel(summary)}
              >
                <span aria-hidden="true" className={summary.workingDays === 0 ? classes.weekEmpty : undefined}>
                  {summary.workingDays === 0 ? '—' : hoursMinutes(summary.plannedSeconds)}
                </span>
                {warn && (
                  <span className={classes.warnBadge} aria-hidden="true">
                    !
                  </span>
                )}
              </div>
            </div>
          );
        }
        const entry = plan?.get(column.date);
        const holiday = holidays.get(column.date);
        const highlight = highlights?.get(column.date);
        const shift = entry?.kind === 'turno' ? entry.shift : undefined;
        const permission = permissions?.get(column.date);
        const label = cellLabel(column.date, worker, entry, holiday, highlight, permission);
        const busy = pending?.has(cellKey(worker.id, column.date)) || undefined;
        const style: CSSProperties | undefined = shift ? { background: shift.color, color: readableTextColor(shift.color) } : undefined;
        const kind = shift ? 'turno' : entry?.kind === 'libre' ? 'libre' : holiday ? 'feriado' : 'vacio';
        const content =
          kind === 'turno' ? (
            <>
              <span className={classes.code}>{shift!.code}</span>
              <span className={classes.hours}>{compactRange(shift!.start, shift!.end)}</span>
              {holiday && <span className={classes.holidayDot} aria-hidden="true" />}
            </>
          ) : kind === 'libre' ? (
            <span className={classes.symbol}>L</span>
          ) : kind === 'feriado' ? (
            <span className={classes.symbol}>F</span>
          ) : null;
        const permit = permission ? (
          <span className={classes.permit} data-hours={permission.hours || undefined} aria-hidden="true">
            {permission.code}
          </span>
        ) : null;
        const common = {
          className: classes.cellButton,
          'data-kind': kind,
          'data-row': rowIndex,
          'data-col': colIndex,
          'data-holiday': holiday ? true : undefined,
          'data-highlight': highlight,
          'data-long': longDays.has(column.date) || undefined,
          'data-modified': entry?.modified || undefined,
          'data-busy': busy,
          'aria-label': label,
          'aria-busy': busy,
          title: label,
          tabIndex,
          style,
        };
        let target: ReactElement = interactive ? (
          <button type="button" {...common} data-permit={permission ? true : undefined} onClick={() => onCellClick?.(worker.id, column.date)}>
            {content}
            {permit}
          </button>
        ) : (
          <div {...common} data-permit={permission ? true : undefined}>
            {content}
            {permit}
          </div>
        );
        if (editor && editor.date === column.date) {
          target = (
            <Popover
              opened
              onDismiss={editor.onClose}
              position="bottom"
              withArrow
              shadow="md"
              trapFocus
              returnFocus
              width={300}
              withinPortal
              hideDetached={false}
            >
              <Popover.Target>{target}</Popover.Target>
              <Popover.Dropdown className={classes.editor}>
                {editor.content}
              </Popover.Dropdown>
            </Popover>
          );
        }
        return (
          <div
            role="gridcell"
            key={column.date}
            className={classes.dayCell}
            data-weekend={column.weekday >= 6 || undefined}
            data-today={column.date === today || undefined}
            data-holiday={holiday ? true : undefined}
          >
            {target}
          </div>
        );
      })}
    </div>
  );
});

function HeaderCell({ column, holidays, today, colIndex }: { column: GridColumn; holidays: ReadonlyMap<LocalDate, string>; today?: LocalDate; colIndex: number }) {
  if (column.kind === 'week') {
    return (
      <div role="columnheader" aria-colindex={colIndex + 2} className={classes.weekHead}>
        <span aria-hidden="true">Total</span>
        <span className={classes.srOnly}>Total de la semana</span>
      </div>
    );
  }
  const holiday = holidays.get(column.date);
  const name = longDayLabel(column.date);
  return (
    <div
      role="columnheader"
      aria-colindex={colIndex + 2}
      className={classes.dayHead}
      data-date={column.date}
      data-weekend={column.weekday >= 6 || undefined}
      data-holiday={holiday ? true : undefined}
      data-today={column.date === today || undefined}
      title={holiday ? `${name}: feriado (${holiday})` : name}
    >
      <span className={classes.weekday} aria-hidden="true">
        {weekdayShort(column.date)}
      </span>
      <span className={classes.dayNumber} aria-hidden="true">
        {column.day}
      </span>
      <span className={classes.srOnly}>{holiday ? `${name}, feriado: ${holiday}` : name}</span>
    </div>
  );
}

function columnTemplate(columns: readonly GridColumn[]): string {
  return `var(--pg-name-w) ${columns.map((column) => (column.kind === 'day' ? 'var(--pg-day-w)' : 'var(--pg-week-w)')).join(' ')}`;
}

/**
 * The month planning grid: a row per worker, a column per day (weekday, number, holidays marked)
 * with each week's planned hours after its Sunday, flagged when the week breaks a legal limit.
 * Sticky worker column and header; rows are virtualised (only those in view are drawn), so 200
 * workers x 31 days scroll smoothly. Keyboard: one tab stop; arrows, Home/End, Ctrl+Home/End and
 * PageUp/PageDown move between cells; Enter or Space opens the day.
 */
export function PlanningGrid({
  label,
  year,
  month,
  workers,
  plans,
  weeks,
  holidays,
  zone = 'America/Santiago',
  today,
  highlights,
  permissions,
  pending,
  onCellClick,
  editor = null,
  maxHeight = 'min(70vh, 44rem)',
  startDate,
}: PlanningGridProps) {
  const layout = useMemo(() => monthLayout(year, month), [year, month]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 0 });
  const [active, setActive] = useState({ row: 0, col: 0 });
  const pendingFocus = useRef<{ row: number; col: number } | null>(null);
  const frame = useRef(0);
  const interactive = Boolean(onCellClick);
  const rowCount = workers.length;
  const colCount = layout.columns.length;

  // The month or the list changed: keep the tab stop inside the grid.
  const safeActive = { row: Math.min(active.row, Math.max(0, rowCount - 1)), col: Math.min(active.col, colCount - 1) };

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    setViewport((current) =>
      current.top === element.scrollTop && current.height === element.clientHeight ? current : { top: element.scrollTop, height: element.clientHeight },
    );
  }, []);

  useLayoutEffect(() => {
    measure();
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Open on `startDate`: its column right after the sticky worker column (once per date and month).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !startDate) return;
    const head = element.querySelector<HTMLElement>(`[role="columnheader"][data-date="${startDate}"]`);
    if (!head) return;
    const corner = element.querySelector<HTMLElement>('[role="columnheader"][aria-colindex="1"]');
    const offset = head.getBoundingClientRect().left - element.getBoundingClientRect().left + element.scrollLeft;
    element.scrollLeft = Math.max(0, offset - (corner?.getBoundingClientRect().width ?? 0));
  }, [startDate, year, month]);

  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  };

  const height = viewport.height || FALLBACK_VIEWPORT;
  const firstRow = Math.max(0, Math.floor((viewport.top - HEADER_HEIGHT) / ROW_HEIGHT) - OVERSCAN);
  const lastRow = Math.min(rowCount, Math.ceil((viewport.top + height) / ROW_HEIGHT) + OVERSCAN);
  // The tab stop sits in the active row, or in the first drawn row while the active one is scrolled away.
  const tabRow = safeActive.row >= firstRow && safeActive.row < lastRow ? safeActive.row : firstRow;

  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-row="${target.row}"][data-col="${target.col}"]`);
    if (!element) return;
    pendingFocus.current = null;
    element.focus({ preventScroll: true });
    element.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  });

  const moveTo = (row: number, col: number) => {
    const next = { row: Math.max(0, Math.min(rowCount - 1, row)), col: Math.max(0, Math.min(colCount - 1, col)) };
    pendingFocus.current = next;
    const element = scrollRef.current;
    if (element && (next.row < firstRow || next.row >= lastRow)) {
      // Bring a row that is not drawn into view first; focus follows once it renders.
      const top = HEADER_HEIGHT + next.row * ROW_HEIGHT;
      element.scrollTop = Math.max(0, top - element.clientHeight / 2);
      measure();
    }
    setActive(next);
    if (next.row === safeActive.row && next.col === safeActive.col) {
      scrollRef.current?.querySelector<HTMLElement>(`[data-row="${next.row}"][data-col="${next.col}"]`)?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.row);
    const col = Number(target.dataset.col);
    if (target.dataset.row === undefined || Number.isNaN(row) || Number.isNaN(col)) return;
    const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
    let next: { row: number; col: number } | null = null;
    switch (event.key) {
      case 'ArrowRight':
        next = { row, col: col + 1 };
        break;
      case 'ArrowLeft':
        next = { row, col: col - 1 };
        break;
      case 'ArrowDown':
        next = { row: row + 1, col };
        break;
      case 'ArrowUp':
        next = { row: row - 1, col };
        break;
      case 'Home':
        next = event.ctrlKey ? { row: 0, col: 0 } : { row, col: 0 };
        break;
      case 'End':
        next = event.ctrlKey ? { row: rowCount - 1, col: colCount - 1 } : { row, col: colCount - 1 };
        break;
      case 'PageDown':
        next = { row: row + page, col };
        break;
      case 'PageUp':
        next = { row: row - page, col };
        break;
      default:
        return;
    }
    event.preventDefault();
    moveTo(next.row, next.col);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.dataset.row === undefined) return;
    const row = Number(target.dataset.row);
    const col = Number(target.dataset.col);
    if (row !== safeActive.row || col !== safeActive.col) setActive({ row, col });
  };

  const template = columnTemplate(layout.columns);
  const rows: ReactNode[] = [];
  for (let index = firstRow; index < lastRow; index++) {
    const worker = workers[index]!;
    rows.push(
      <GridRow
        key={worker.id}
        worker={worker}
        rowIndex={index}
        layout={layout}
        plan={plans.get(worker.id)}
        weeks={weeks?.get(worker.id)}
        holidays={holidays}
        zone={zone}
        today={today}
        highlights={highlights?.get(worker.id)}
        permissions={permissions?.get(worker.id)}
        pending={pending}
        tabColumn={index === tabRow ? safeActive.col : -1}
        interactive={interactive}
        onCellClick={onCellClick}
        editor={editor && editor.workerId === worker.id ? editor : null}
      />,
    );
  }

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={{ maxHeight, '--pg-cols': template } as CSSProperties}
      onScroll={onScroll}
    >
      <div
        role="grid"
        aria-label={label}
        aria-rowcount={rowCount + 1}
        aria-colcount={colCount + 1}
        className={classes.grid}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div role="rowgroup" className={classes.head}>
          <div role="row" aria-rowindex={1} className={classes.headRow}>
            <div role="columnheader" aria-colindex={1} className={classes.corner}>
              Trabajador
            </div>
            {layout.columns.map((column, index) => (
              <HeaderCell key={column.kind === 'day' ? column.date : `w${column.week}`} column={column} holidays={holidays} today={today} colIndex={index} />
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {firstRow > 0 && <div aria-hidden="true" style={{ height: firstRow * ROW_HEIGHT }} />}
          {rows}
          {lastRow < rowCount && <div aria-hidden="true" style={{ height: (rowCount - lastRow) * ROW_HEIGHT }} />}
        </div>
      </div>
    </div>
  );
}
