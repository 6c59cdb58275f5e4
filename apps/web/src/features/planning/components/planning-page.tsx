import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Tabs, Text } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FilterSelect } from '../../../components/filter-select';
import { countActiveFilters, FilterBar } from '../../../components/data-table';
import { IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import {
  MonthNav,
  PlanningGrid,
  PlanningLegend,
  cellKey,
  monthLabel,
  monthLayout,
  type CellEditor,
  type GridShift,
} from '../../../components/planning-grid';
import { SectionCard } from '../../../components/section-card';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { EsDatesProvider } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useChangeDay } from '../api/change-day';
import { planningQueryKey, usePlanning } from '../api/get-planning';
import { useActiveShifts } from '../api/list-active-shifts';
import { useGroupOptions, useSiteOptions } from '../../../lib/entity-options';
import { gridShiftOf, holidaysOf, permissionsOf, planOf, weeksOf, workerOf } from '../hooks/to-grid';
import { useMonthParam } from '../../../components/use-month-param';
import { useDecemberExtension } from '../api/december-extension';
import { ChangeLog } from './change-log';
import { DecemberExtensionDialog } from './december-extension-dialog';
import { DayEditor, type DayChoice, type DayJustification } from './day-editor';
import { PersonalPlanning } from './personal-planning';
import classes from './planning-page.module.css';
import { todayInChile } from '../../../lib/format';

interface EditorState {
  workerId: string;
  date: string;
  initialChoice?: DayChoice;
  serverError?: string;
}

function ManagerPlanning() {
  const [params, setParams] = useSearchParams();
  const {
    shown: { year, month },
    setMonth,
    current,
  } = useMonthParam();
  const grupoId = params.get('grupo') ?? '';
  const sedeId = params.get('sede') ?? '';
  const tab = params.get('vista') === 'cambios' ? 'cambios' : 'grilla';
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const layout = useMemo(() => monthLayout(year, month), [year, month]);
  const query = { desde: layout.loadFrom, hasta: layout.loadTo, grupoId: grupoId || undefined, sedeId: sedeId || undefined };
  const planning = usePlanning(query);
  const gridKey = planningQueryKey(query);
  const shifts = useActiveShifts();
  const groups = useGroupOptions({ soloActivos: true, label: 'miembros' });
  const sites = useSiteOptions();
  const changeDay = useChangeDay(gridKey);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  // Commerce declares its December extension days (art. 24) while planning November or December.
  const decemberSeason = month === 11 || month === 12;
  const december = useDecemberExtension(year, decemberSeason);
  const [extensionOpen, setExtensionOpen] = useState(false);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (value) out.set(key, value);
        else out.delete(key);
        // A group and a site at once would show their intersection; one selector at a time is clearer.
        if (key === 'grupo' && value) out.delete('sede');
        if (key === 'sede' && value) out.delete('grupo');
        return out;
      },
      { replace: true },
    );

  const data = planning.data;
  const grid = useMemo(() => {
    if (!data) return null;
    const plans = new Map(data.filas.map((fila) => [fila.usuario.id, planOf(fila)]));
    return {
      workers: data.filas.map(workerOf),
      plans,
      // Weekly totals and legal alerts are the engine's (the contract's agreed hours included).
      weeks: new Map(data.filas.map((fila) => [fila.usuario.id, weeksOf(fila)])),
      permissions: new Map(data.filas.map((fila) => [fila.usuario.id, permissionsOf(fila)])),
      holidays: holidaysOf(data),
      zone: data.filas[0]?.usuario.zonaHoraria ?? 'America/Santiago',
      rows: new Map(data.filas.map((fila) => [fila.usuario.id, fila])),
    };
  }, [data]);

  const visibleWorkers = useMemo(() => {
    if (!grid) return [];
    const needle = deferredSearch.trim().toLocaleLowerCase('es-CL');
    if (!needle) return grid.workers;
    return grid.workers.filter((worker) => `${worker.name} ${worker.detail ?? ''}`.toLocaleLowerCase('es-CL').includes(needle));
  }, [grid, deferredSearch]);

  const flaggedWorkers = useMemo(() => {
    if (!grid) return 0;
    let count = 0;
    for (const worker of grid.workers) {
      const weeks = grid.weeks.get(worker.id);
      if (layout.weeks.some((week) => (weeks?.get(week.monday)?.flags.length ?? 0) > 0)) count++;
    }
    return count;
  }, [grid, layout.weeks]);

  const legendShifts = useMemo(() => {
    const seen = new Map<string, GridShift>();
    for (const shift of shifts.data ?? []) seen.set(shift.id, gridShiftOf(shift));
    if (grid) {
      for (const plan of grid.plans.values()) {
        for (const entry of plan.values()) if (entry.kind === 'turno' && !seen.has(entry.shift.id)) seen.set(entry.shift.id, entry.shift);
      }
    }
    return [...seen.values()].sort((a, b) => a.code.localeCompare(b.code, 'es'));
  }, [shifts.data, grid]);

  const today = data?.hoy ?? todayInChile();

  const apply = (workerId: string, date: string, choice: DayChoice, justification: DayJustification) => {
    const key = cellKey(workerId, date);
    setEditor(null);
    setPending((prev) => new Set(prev).add(key));
    const zone = grid?.rows.get(workerId)?.usuario.zonaHoraria ?? 'America/Santiago';
    changeDay.mutate(
      {
        usuarioId: workerId,
        fecha: date,
        zone,
        turno: choice.tipo === 'turno' ? choice.turno : undefined,
        body: {
          tipo: choice.tipo,
          turnoId: choice.tipo === 'turno' ? choice.turno.id : null,
          solicitadoPor: justification.solicitadoPor,
          motivo: justification.motivo,
          observacion: justification.observacion,
          ocurrencia: justification.ocurrencia,
        },
      },
      {
        onSuccess: (result) => {
          if (result.cambioId) notify.success('Cambio guardado y registrado.');
        },
        onError: (error) => {
          const motivo = error instanceof ApiError ? error.fields?.motivo : undefined;
          if (motivo) {
            // The server decides what needs a reason (the worker's own time zone): ask for it and try again.
            setEditor({ workerId, date, initialChoice: choice, serverError: motivo });
            return;
          }
          const field = error instanceof ApiError ? (error.fields?.turnoId ?? error.fields?.ocurrencia ?? error.fields?.tipo) : undefined;
          notify.error(field ?? errorMessage(error));
        },
        onSettled: () =>
          setPending((prev) => {
            const next = new Set(prev);
            next.delete(key);
            return next;
          }),
      },
    );
  };

  let cellEditor: CellEditor | null = null;
  if (editor && grid) {
    const row = grid.rows.get(editor.workerId);
    const dia = row?.dias.find((day) => day.fecha === editor.date);
    const worker = grid.workers.find((item) => item.id === editor.workerId);
    if (row && worker) {
      const close = () => setEditor(null);
      cellEditor = {
        workerId: editor.workerId,
        date: editor.date,
        onClose: close,
        content: (
          <DayEditor
            key={`${editor.workerId}|${editor.date}|${editor.serverError ?? ''}`}
            workerName={worker.name}
            date={editor.date}
            current={{ tipo: dia?.tipo ?? 'sin_planificar', turno: dia?.turno ?? null }}
            past={editor.date < today}
            shifts={shifts.data ?? []}
            loadingShifts={shifts.isPending}
            initialChoice={editor.initialChoice}
            serverError={editor.serverError}
            zone={row.usuario.zonaHoraria}
            onCancel={close}
            onApply={(choice, justification) => apply(editor.workerId, editor.date, choice, justification)}
          />
        ),
      };
    }
  }

  const workerOptions = useMemo(() => (grid?.workers ?? []).map((worker) => ({ value: worker.id, label: worker.name })), [grid]);

  return (
    <>
      <PageHeader
        title="Planificación"
        description="Haz clic en un día para asignar un turno, un día libre o quitarlo. Los cambios de días ya planificados o pasados piden motivo y quedan registrados."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Planificación' }]}
        actions={
          <>
            {decemberSeason && december.data?.comercio && (
              <Button variant="default" onClick={() => setExtensionOpen(true)}>
                Extensión de diciembre (art. 24)
              </Button>
            )}
            <Button variant="default" component={Link} to="/dashboard/planning/shift-list">
              Turnos
            </Button>
            <Button component={Link} to="/dashboard/create-planning" leftSection={<IconPlus size={18} />}>
              Crear planificación
            </Button>
          </>
        }
      />
      <FilterBar
        pinned={
          <div className={classes.month}>
            <MonthNav year={year} month={month} onChange={setMonth} current={current} />
          </div>
        }
        search={{ label: 'Buscar trabajador', placeholder: 'Nombre o RUT', value: search, onChange: setSearch }}
        activeCount={countActiveFilters({ grupoId, sedeId })}
        onClear={() => {
          setSearch('');
          setParams(
            (prev) => {
              const out = new URLSearchParams(prev);
              out.delete('grupo');
              out.delete('sede');
              return out;
            },
            { replace: true },
          );
        }}
        canClear={Boolean(search || grupoId || sedeId)}
      >
        <FilterSelect label="Grupo" data={groups} value={grupoId} onChange={(value) => setParam('grupo', value)} searchable />
        <FilterSelect label="Sede" data={sites} value={sedeId} onChange={(value) => setParam('sede', value)} placeholder="Todas" searchable />
      </FilterBar>
      <Tabs value={tab} onChange={(value) => setParam('vista', value === 'cambios' ? 'cambios' : null)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="grilla">Grilla mensual</Tabs.Tab>
          <Tabs.Tab value="cambios">Registro de cambios</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="grilla">
          {planning.isPending ? (
            <SectionCard>
              <TableSkeleton rows={8} columns={6} label="Cargando la planificación" />
            </SectionCard>
          ) : planning.error && !grid ? (
            <SectionCard>
              <ErrorState error={planning.error} onRetry={() => void planning.refetch()} retrying={planning.isFetching} />
            </SectionCard>
          ) : grid && grid.workers.length === 0 ? (
            <SectionCard>
              <EmptyState
                title="No hay trabajadores que coincidan con la selección"
                description={grupoId || sedeId ? 'Elige otro grupo o sede.' : 'Agrega personas a tus grupos para planificarlas.'}
              />
            </SectionCard>
          ) : grid ? (
            <>
              <div className={classes.summary}>
                <Text size="sm" c="dimmed">
                  {visibleWorkers.length === grid.workers.length
                    ? `${grid.workers.length.toLocaleString('es-CL')} ${grid.workers.length === 1 ? 'trabajador' : 'trabajadores'}`
                    : `${visibleWorkers.length.toLocaleString('es-CL')} de ${grid.workers.length.toLocaleString('es-CL')} trabajadores`}
                </Text>
                {flaggedWorkers > 0 ? (
                  <Badge color="sol" variant="filled" c="#10231f">
                    {flaggedWorkers === 1 ? '1 trabajador con alertas legales' : `${flaggedWorkers} trabajadores con alertas legales`}
                  </Badge>
                ) : (
                  <Badge color="jornada" variant="light">
                    Sin alertas legales
                  </Badge>
                )}
              </div>
              {visibleWorkers.length === 0 ? (
                <SectionCard>
                  <EmptyState title="Nadie coincide con la búsqueda" description="Prueba con otro nombre o RUT." />
                </SectionCard>
              ) : (
                <PlanningGrid
                  label={`Planificación de ${monthLabel(year, month)}`}
                  year={year}
                  month={month}
                  workers={visibleWorkers}
                  plans={grid.plans}
                  weeks={grid.weeks}
                  permissions={grid.permissions}
                  holidays={grid.holidays}
                  zone={grid.zone}
                  today={today}
                  pending={pending}
                  onCellClick={(workerId, date) => setEditor({ workerId, date })}
                  editor={cellEditor}
                />
              )}
              <PlanningLegend shifts={legendShifts} />
            </>
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="cambios">
          <ChangeLog grupoId={grupoId || undefined} workers={workerOptions} />
        </Tabs.Panel>
      </Tabs>
      {decemberSeason && <DecemberExtensionDialog anio={year} opened={extensionOpen} onClose={() => setExtensionOpen(false)} />}
    </>
  );
}

/** `/dashboard/planning`: the month grid (administrators and supervisors) or one's own month (trabajador). */
export function PlanningPage() {
  const { user } = useSession();
  return <EsDatesProvider>{user.perfil === 'trabajador' ? <PersonalPlanning /> : <ManagerPlanning />}</EsDatesProvider>;
}
