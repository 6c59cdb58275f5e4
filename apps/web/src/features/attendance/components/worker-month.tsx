import type { DiaTrabajador } from '@jornada/contracts';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MonthNav, monthKey, monthLayout } from '../../../components/planning-grid';
import { useMonthParam } from '../../../components/use-month-param';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { useWorkerAttendance } from '../api/attendance';
import { DayDetail } from './day-detail';
import { MonthCalendar } from './month-calendar';
import { PeriodTotals, WeeksTable } from './totals';
import classes from './attendance.module.css';

interface WorkerMonthProps {
  /** The worker shown; '' shows `noWorker`. */
  usuarioId: string;
  /** Controls before and after the month navigation (the worker picker, "Ver mi asistencia"). */
  before?: ReactNode;
  after?: ReactNode;
  /** What shows without a worker. */
  noWorker?: ReactNode;
  /** Show the worker's name, RUT, group and site above the totals (not where the page already says who). */
  showPerson?: boolean;
}

/**
 * One worker's month: the month navigation, the period's totals, the calendar with each day's status,
 * plan, marks and lateness, the chosen day's detail with the engine's explanation, and the weeks. Up to
 * 5 years back (the worker's right to see their records). `?mes=aaaa-mm&dia=aaaa-mm-dd` keep the view.
 */
export function WorkerMonth({ usuarioId, before, after, noWorker, showPerson = true }: WorkerMonthProps) {
  const [params] = useSearchParams();
  const { shown, setMonth, setParam, current, min, max, today } = useMonthParam({ yearsBack: 5, resets: ['dia'] });
  const layout = useMemo(() => monthLayout(shown.year, shown.month), [shown.year, shown.month]);
  const attendance = useWorkerAttendance(usuarioId, layout.first, layout.last);
  const data = attendance.data?.desde === layout.first ? attendance.data : undefined;
  const days = useMemo(() => new Map<string, DiaTrabajador>((data?.dias ?? []).map((day) => [day.fecha, day])), [data]);
  const askedDay = params.get('dia') ?? '';
  const selected = askedDay.startsWith(monthKey(shown.year, shown.month)) ? askedDay : today.startsWith(monthKey(shown.year, shown.month)) ? today : '';
  const selectedDay = days.get(selected);
  const detailRef = useRef<HTMLDivElement>(null);
  const scrollOnSelect = useRef(false);

  useEffect(() => {
    if (scrollOnSelect.current && selectedDay) {
      scrollOnSelect.current = false;
      detailRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
  }, [selectedDay]);

  const selectDay = (date: string) => {
    scrollOnSelect.current = true;
    setParam('dia', date);
  };

  const worker = data?.trabajador;
  return (
    <div className={classes.stack}>
      <div className={classes.toolbar}>
        {before}
        <MonthNav year={shown.year} month={shown.month} onChange={setMonth} current={current} min={min} max={max} />
        {after}
      </div>

      {!usuarioId ? (
        noWorker
      ) : attendance.isPending || (!data && attendance.isFetching && !attendance.error) ? (
        <SectionCard>
          <BlockSkeleton lines={8} label="Cargando la asistencia del mes" />
        </SectionCard>
      ) : attendance.error && !data ? (
        <SectionCard>
          <ErrorState error={attendance.error} onRetry={() => void attendance.refetch()} retrying={attendance.isFetching} title="No pudimos cargar la asistencia" />
        </SectionCard>
      ) : data && worker ? (
        <>
          {showPerson && (
            <div className={classes.person} aria-label="Trabajador">
              <strong>
                {worker.nombre} {worker.apellidos}
              </strong>
              <span>RUT {worker.rut}</span>
              {worker.cargo && <span>{worker.cargo}</span>}
              <span>Grupo: {worker.grupo?.nombre ?? 'sin grupo'}</span>
              <span>Sede: {worker.sede?.nombre ?? 'sin sede'}</span>
              {worker.horasSemanales !== null && <span>{worker.horasSemanales} horas semanales</span>}
            </div>
          )}
          <SectionCard title="Totales del mes">
            <PeriodTotals data={data} />
          </SectionCard>
          <SectionCard title="Calendario" description="Elige un día para ver su plan, sus marcas y la explicación del resultado.">
            {data.dias.length === 0 ? (
              <EmptyState title="Sin días para mostrar" description="El contrato no cubre este mes." />
            ) : (
              <MonthCalendar year={shown.year} month={shown.month} days={days} selected={selected} today={today} onSelect={selectDay} />
            )}
          </SectionCard>
          <div ref={detailRef}>
            {selectedDay ? (
              <DayDetail day={selectedDay} zone={worker.zonaHoraria} />
            ) : (
              data.dias.length > 0 && (
                <SectionCard>
                  <EmptyState title="Elige un día" description="Toca un día del calendario para ver su plan, sus marcas y la explicación del resultado." />
                </SectionCard>
              )
            )}
          </div>
          {data.semanas.length > 0 && (
            <SectionCard title="Semanas" description="Cada semana de lunes a domingo después de la compensación: el tiempo faltante se compensa con horas extra de la misma semana. Con jornada promedio (art. 22 bis), cada ciclo se liquida entero.">
              <WeeksTable data={data} />
            </SectionCard>
          )}
        </>
      ) : null}
    </div>
  );
}
