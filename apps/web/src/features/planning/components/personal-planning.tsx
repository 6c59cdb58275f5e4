import { useMemo } from 'react';
import { PageHeader } from '../../../components/page-header';
import { MonthNav, PersonalMonth, monthLayout } from '../../../components/planning-grid';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, EmptyState, ErrorState } from '../../../components/states';
import { usePlanning } from '../api/get-planning';
import { holidaysOf, permissionsOf, planOf, weeksOf } from '../hooks/to-grid';
import { useMonthParam } from '../../../components/use-month-param';
import { ChangeLog } from './change-log';
import classes from './planning-page.module.css';
import { todayInChile } from '../../../lib/format';

/** A trabajador's own month: their shifts, rest days and holidays, weekly hours, and the changes made to their plan. */
export function PersonalPlanning() {
  const {
    shown: { year, month },
    setMonth,
    current,
  } = useMonthParam();
  const layout = useMemo(() => monthLayout(year, month), [year, month]);
  const planning = usePlanning({ desde: layout.loadFrom, hasta: layout.loadTo });
  const data = planning.data;
  const fila = data?.filas[0];
  const holidays = useMemo(() => (data ? holidaysOf(data) : new Map<string, string>()), [data]);

  return (
    <>
      <PageHeader
        title="Mi planificación"
        description="Tus turnos, días libres y feriados del mes, con las horas planificadas de cada semana."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Mi planificación' }]}
      />
      <div className={classes.toolbar}>
        <MonthNav year={year} month={month} onChange={setMonth} current={current} />
      </div>
      {planning.isPending ? (
        <SectionCard>
          <BlockSkeleton lines={6} label="Cargando tu planificación" />
        </SectionCard>
      ) : planning.error ? (
        <SectionCard>
          <ErrorState error={planning.error} onRetry={() => void planning.refetch()} retrying={planning.isFetching} />
        </SectionCard>
      ) : !fila ? (
        <SectionCard>
          <EmptyState title="Aún no tienes planificación" description="Cuando tu empleador planifique tus turnos los verás aquí." />
        </SectionCard>
      ) : (
        <PersonalMonth year={year} month={month} plan={planOf(fila)} permissions={permissionsOf(fila)} holidays={holidays} today={data?.hoy ?? todayInChile()} zone={fila.usuario.zonaHoraria} weeks={weeksOf(fila)} />
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
        <SectionCard title="Cambios en mi planificación" description="Cada cambio de un día ya planificado, con quién lo pidió y el motivo.">
          <ChangeLog />
        </SectionCard>
      </div>
    </>
  );
}
