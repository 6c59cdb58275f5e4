import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Text.css';
import { Alert, Badge, Button, MultiSelect, Radio, SegmentedControl, Stepper, Text, Textarea } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { Conflictos, ResultadoPatron, SolicitadoPor, VistaPreviaPatronBody } from '@jornada/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { IconAlert, IconCheck } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import {
  MonthNav,
  PlanningGrid,
  PlanningLegend,
  daysInMonthOf,
  monthKey,
  monthLabel,
  shiftMonth,
  type CellHighlight,
  type GridShift,
  type WeekSummary,
} from '../../../components/planning-grid';
import { SectionCard } from '../../../components/section-card';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { EsDatesProvider } from '../../../lib/dates';
import { formatDate, todayInChile } from '../../../lib/format';
import { useActiveShifts } from '../api/list-active-shifts';
import { useGroupOptions, useWorkerOptions, type Option } from '../../../lib/entity-options';
import { useApplyPattern, usePreviewPattern } from '../api/pattern';
import { gridShiftOf, planOf, weekOf, workerOf } from '../hooks/to-grid';
import { EMPTY_PATTERN, PatternFields, toPatron, type PatternDraft } from './pattern-fields';
import classes from './create-planning.module.css';

/** The first date the preview plans for anyone (dates outside every contract are not in it), or `desde`. */
function firstPlannedDate(result: Pick<ResultadoPatron, 'desde' | 'trabajadores'>): string {
  let first: string | null = null;
  for (const trabajador of result.trabajadores) {
    const date = trabajador.dias[0]?.fecha;
    if (date !== undefined && (first === null || date < first)) first = date;
  }
  return first ?? result.desde;
}

function nextMonthRange(): { desde: string; hasta: string } {
  const today = todayInChile();
  const next = shiftMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
  const key = monthKey(next.year, next.month);
  return { desde: `${key}-01`, hasta: `${key}-${String(daysInMonthOf(next.year, next.month)).padStart(2, '0')}` };
}

function count(value: number, singular: string, plural: string) {
  return `${value.toLocaleString('es-CL')} ${value === 1 ? singular : plural}`;
}

/** The preview of a pattern as grid data: the resulting days, conflicts marked, the server's weeks. */
function previewGrid(result: ResultadoPatron) {
  const workers = result.trabajadores.map(workerOf);
  const plans = new Map(result.trabajadores.map((row) => [row.usuario.id, planOf(row)]));
  const weeks = new Map<string, Map<string, WeekSummary>>();
  const highlights = new Map<string, Map<string, CellHighlight>>();
  const holidays = new Map<string, string>();
  const shifts = new Map<string, GridShift>();
  for (const row of result.trabajadores) {
    weeks.set(row.usuario.id, new Map(row.semanas.map((semana) => [semana.inicio, weekOf(semana)])));
    const marks = new Map<string, CellHighlight>();
    for (const dia of row.dias) {
      if (dia.conflicto) marks.set(dia.fecha, dia.accion === 'reemplazar' ? 'cambio' : 'conflicto');
      if (dia.feriado) holidays.set(dia.fecha, dia.feriado.nombre);
      if (dia.turno) shifts.set(dia.turno.id, gridShiftOf(dia.turno));
    }
    highlights.set(row.usuario.id, marks);
  }
  return { workers, plans, weeks, highlights, holidays, shifts: [...shifts.values()], zone: result.trabajadores[0]?.usuario.zonaHoraria };
}

function ResultSummary({ result }: { result: ResultadoPatron }) {
  const { resumen } = result;
  return (
    <div className={classes.badges} role="status" aria-label="Resumen de la vista previa">
      <Badge variant="light" color="gray" size="lg">
        {count(resumen.trabajadores, 'trabajador', 'trabajadores')}
      </Badge>
      <Badge variant="light" size="lg">
        {count(resumen.crear, 'día nuevo', 'días nuevos')}
      </Badge>
      {resumen.reemplazar > 0 && (
        <Badge variant="light" color="blue" size="lg">
          {count(resumen.reemplazar, 'reemplazado', 'reemplazados')}
        </Badge>
      )}
      {resumen.conservar > 0 && (
        <Badge variant="light" color="gray" size="lg">
          {count(resumen.conservar, 'conservado', 'conservados')}
        </Badge>
      )}
      {resumen.sinCambios > 0 && (
        <Badge variant="light" color="gray" size="lg">
          {count(resumen.sinCambios, 'sin cambios', 'sin cambios')}
        </Badge>
      )}
      {resumen.conflictos > 0 && (
        <Badge variant="light" color="red" size="lg">
          {count(resumen.conflictos, 'conflicto', 'conflictos')}
        </Badge>
      )}
      {resumen.diasPasados > 0 && (
        <Badge variant="light" color="sol" c="#5c3c00" size="lg">
          {count(resumen.diasPasados, 'día pasado', 'días pasados')}
        </Badge>
      )}
      {resumen.trabajadoresConAlertas > 0 ? (
        <Badge variant="filled" color="sol" c="#10231f" size="lg">
          {count(resumen.trabajadoresConAlertas, 'trabajador con alertas legales', 'trabajadores con alertas legales')}
        </Badge>
      ) : (
        <Badge variant="light" color="jornada" size="lg">
          Sin alertas legales
        </Badge>
      )}
    </div>
  );
}

/** `/dashboard/create-planning`: who, when and which pattern; a preview with conflicts and legal flags; save; summary. */
export function CreatePlanningPage() {
  const phone = useMediaQuery('(max-width: 48em)');
  const [step, setStep] = useState(0);
  const [grupoIds, setGrupoIds] = useState<string[]>([]);
  const [usuarioIds, setUsuarioIds] = useState<string[]>([]);
  const [workerLabels, setWorkerLabels] = useState<Map<string, string>>(new Map());
  const [workerQuery, setWorkerQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(workerQuery, 250);
  const initialRange = useMemo(nextMonthRange, []);
  const [desde, setDesde] = useState<string | null>(initialRange.desde);
  const [hasta, setHasta] = useState<string | null>(initialRange.hasta);
  const [draft, setDraft] = useState<PatternDraft>(EMPTY_PATTERN);
  const [conflictos, setConflictos] = useState<Conflictos>('conservar');
  const [solicitadoPor, setSolicitadoPor] = useState<SolicitadoPor>('empleador');
  const [motivo, setMotivo] = useState('');
  const [observacion, setObservacion] = useState('');
  const [stepError, setStepError] = useState<string | null>(null);
  const [motivoError, setMotivoError] = useState<string | null>(null);
  const [previewMonth, setPreviewMonth] = useState<{ year: number; month: number } | null>(null);

  const groups = useGroupOptions({ soloActivos: true, label: 'miembros' });
  const workers = useWorkerOptions(debouncedQuery, { soloActivos: true });
  const shifts = useActiveShifts();
  const preview = usePreviewPattern();
  const applyMutation = useApplyPattern();

  const workerOptions: Option[] = useMemo(() => {
    const seen = new Map<string, string>(workerLabels);
    for (const option of workers.data ?? []) seen.set(option.value, option.label);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [workers.data, workerLabels]);

  const result = preview.data;
  const grid = useMemo(() => (result ? previewGrid(result) : null), [result]);
  const needsReason = Boolean(result && (result.resumen.diasPasados > 0 || (conflictos === 'reemplazar' && result.resumen.reemplazar > 0)));

  const body = (choice: Conflictos): VistaPreviaPatronBody | null => {
    const pattern = toPatron(draft);
    if ('error' in pattern || !desde || !hasta) return null;
    return {
      usuarioIds,
      grupoIds,
      desde,
      hasta,
      patron: pattern.patron,
      conflictos: choice,
      solicitadoPor,
      motivo: motivo.trim() || undefined,
      observacion: observacion.trim() || undefined,
    };
  };

  const runPreview = async (choice: Conflictos) => {
    const request = body(choice);
    if (!request) return false;
    setStepError(null);
    try {
      const answer = await preview.mutateAsync(request);
      const first = firstPlannedDate(answer);
      setPreviewMonth((current) => current ?? { year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) });
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      setStepError(fields ? Object.values(fields).join(' ') : errorMessage(error));
      return false;
    }
  };

  const next = async () => {
    setStepError(null);
    if (step === 0) {
      if (grupoIds.length === 0 && usuarioIds.length === 0) {
        setStepError('Elige al menos un grupo o un trabajador.');
        return;
      }
      setStep(1);
      return;
    }
    if (step === 1) {
      if (!desde || !hasta) {
        setStepError('Indica las fechas desde y hasta.');
        return;
      }
      if (hasta < desde) {
        setStepError('La fecha hasta no puede ser anterior a desde.');
        return;
      }
      const pattern = toPatron(draft);
      if ('error' in pattern) {
        setStepError(pattern.error);
        return;
      }
      setPreviewMonth(null);
      if (await runPreview(conflictos)) setStep(2);
    }
  };

  const save = async () => {
    const request = body(conflictos);
    if (!request) return;
    if (needsReason && !motivo.trim()) {
      setMotivoError('Indica el motivo: el patrón cambia días pasados o reemplaza días ya planificados.');
      return;
    }
    setStepError(null);
    try {
      await applyMutation.mutateAsync({ ...request, conflictos });
      setStep(3);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.motivo) setMotivoError(fields.motivo);
      else setStepError(fields ? Object.values(fields).join(' ') : errorMessage(error));
    }
  };

  const restart = () => {
    preview.reset();
    applyMutation.reset();
    setStep(0);
    setMotivo('');
    setObservacion('');
    setConflictos('conservar');
  };

  const range = result ? { min: { year: Number(result.desde.slice(0, 4)), month: Number(result.desde.slice(5, 7)) }, max: { year: Number(result.hasta.slice(0, 4)), month: Number(result.hasta.slice(5, 7)) } } : null;
  const shown = previewMonth ?? range?.min ?? null;
  const firstPlanned = result ? firstPlannedDate(result) : null;
  const applied = applyMutation.data;

  return (
    <EsDatesProvider>
      <PageHeader
        title="Crear planificación"
        description="Planifica a muchas personas de una vez con un patrón: semana fija, rotación (4x4, 7x7, 14x14, 5x2) o una secuencia."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Planificación', to: '/dashboard/planning' }, { label: 'Crear planificación' }]}
      />
      <SectionCard>
        <Stepper active={step} orientation={phone ? 'vertical' : 'horizontal'} size="sm" allowNextStepsSelect={false} onStepClick={(index) => index < step && step < 3 && setStep(index)}>
          <Stepper.Step label="Trabajadores" description="Grupos o personas">
            <div className={classes.stepBody}>
              <MultiSelect
                label="Grupos"
                description="Se planifica a todas las personas del grupo."
                data={groups.data ?? []}
                value={grupoIds}
                onChange={setGrupoIds}
                searchable
                clearable
                placeholder={grupoIds.length ? undefined : 'Elegir grupos'}
                nothingFoundMessage="Sin coincidencias"
              />
              <MultiSelect
                label="Trabajadores"
                description="Busca por nombre o RUT."
                data={workerOptions}
                value={usuarioIds}
                onChange={(ids) => {
                  setUsuarioIds(ids);
                  setWorkerLabels((prev) => {
                    const nextLabels = new Map<string, string>();
                    for (const id of ids) nextLabels.set(id, prev.get(id) ?? workerOptions.find((option) => option.value === id)?.label ?? id);
                    return nextLabels;
                  });
                }}
                searchable
                searchValue={workerQuery}
                onSearchChange={setWorkerQuery}
                filter={({ options }) => options}
                clearable
                placeholder={usuarioIds.length ? undefined : 'Elegir trabajadores'}
                nothingFoundMessage={workers.isFetching ? 'Buscando…' : 'Sin coincidencias'}
              />
              <Text size="sm" c="dimmed">
                {grupoIds.length + usuarioIds.length === 0
                  ? 'Aún no eliges a nadie.'
                  : `${count(grupoIds.length, 'grupo', 'grupos')} y ${count(usuarioIds.length, 'trabajador', 'trabajadores')} elegidos.`}
              </Text>
            </div>
          </Stepper.Step>
          <Stepper.Step label="Periodo y patrón" description="Fechas y turnos">
            <div className={classes.stepBody}>
              <div className={classes.fields}>
                <DateField name="desde" label="Desde" value={desde} onChange={setDesde} withAsterisk size="sm" />
                <DateField name="hasta" label="Hasta" value={hasta} onChange={setHasta} withAsterisk size="sm" minDate={desde ?? undefined} />
              </div>
              {shifts.isPending ? (
                <Text size="sm" role="status">
                  Cargando turnos…
                </Text>
              ) : shifts.data && shifts.data.length === 0 ? (
                <Alert color="sol" variant="light" icon={<IconAlert size={18} />} title="No hay turnos activos">
                  Crea al menos un turno en <Link to="/dashboard/planning/shift-list">Turnos</Link> para planificar.
                </Alert>
              ) : (
                <PatternFields draft={draft} onChange={setDraft} shifts={shifts.data ?? []} desde={desde} />
              )}
            </div>
          </Stepper.Step>
          <Stepper.Step label="Vista previa" description="Conflictos y alertas">
            {result && grid && (
              <div className={classes.stepBody}>
                <Text size="sm">
                  Del {formatDate(result.desde)} al {formatDate(result.hasta)}. Nada se guarda hasta que confirmes.
                </Text>
                <ResultSummary result={result} />
                {result.resumen.conflictos > 0 && (
                  <Radio.Group
                    label={`${count(result.resumen.conflictos, 'día ya tiene', 'días ya tienen')} otra planificación. ¿Qué hacemos con ellos?`}
                    value={conflictos}
                    onChange={(value) => {
                      setConflictos(value as Conflictos);
                      void runPreview(value as Conflictos);
                    }}
                  >
                    <div className={classes.radios}>
                      <Radio value="conservar" label="Conservar lo planificado" description="Solo se completan los días sin planificación." />
                      <Radio value="reemplazar" label="Reemplazar con el patrón" description="Cada día reemplazado queda en el registro de cambios." />
                    </div>
                  </Radio.Group>
                )}
                {needsReason && (
                  <div className={classes.reason}>
                    <div>
                      <Text size="sm" fw={500} mb={4}>
                        Solicitado por
                      </Text>
                      <SegmentedControl
                        aria-label="Solicitado por"
                        value={solicitadoPor}
                        onChange={(value) => setSolicitadoPor(value as SolicitadoPor)}
                        data={[
                          { value: 'empleador', label: 'Empleador' },
                          { value: 'trabajador', label: 'Trabajador' },
                        ]}
                      />
                    </div>
                    <Textarea
                      label="Motivo"
                      description="El patrón cambia días pasados o reemplaza días ya planificados."
                      withAsterisk
                      autosize
                      minRows={2}
                      maxLength={500}
                      value={motivo}
                      onChange={(event) => {
                        setMotivo(event.currentTarget.value);
                        setMotivoError(null);
                      }}
                      error={motivoError}
                    />
                    <Textarea label="Observación" autosize minRows={1} maxLength={1000} value={observacion} onChange={(event) => setObservacion(event.currentTarget.value)} />
                  </div>
                )}
                {shown && range && (
                  <>
                    <MonthNav year={shown.year} month={shown.month} onChange={setPreviewMonth} min={range.min} max={range.max} />
                    <div aria-busy={preview.isPending || undefined} className={preview.isPending ? classes.dim : undefined}>
                      <PlanningGrid
                        label={`Vista previa de ${monthLabel(shown.year, shown.month)}`}
                        year={shown.year}
                        month={shown.month}
                        workers={grid.workers}
                        plans={grid.plans}
                        weeks={grid.weeks}
                        holidays={grid.holidays}
                        highlights={grid.highlights}
                        zone={grid.zone}
                        today={todayInChile()}
                        startDate={firstPlanned ?? undefined}
                        maxHeight="min(60vh, 36rem)"
                      />
                    </div>
                    <PlanningLegend shifts={grid.shifts} showHighlights />
                  </>
                )}
              </div>
            )}
          </Stepper.Step>
          <Stepper.Completed>
            {applied && (
              <Alert color="jornada" variant="light" icon={<IconCheck size={18} />} title="Planificación guardada" role="status" mt="md">
                <Text size="sm">
                  {applied.resumen.crear + applied.resumen.reemplazar === 0
                    ? 'Sin cambios: todos los días ya tenían esa planificación.'
                    : `Se planificaron ${count(applied.resumen.crear + applied.resumen.reemplazar, 'día', 'días')} de ${count(applied.resumen.trabajadores, 'trabajador', 'trabajadores')} entre el ${formatDate(applied.desde)} y el ${formatDate(applied.hasta)}.`}
                </Text>
                <ResultSummary result={applied} />
                <div className={classes.actions}>
                  <Button component={Link} to={`/dashboard/planning?mes=${applied.desde.slice(0, 7)}`}>
                    Ver planificación
                  </Button>
                  <Button variant="default" onClick={restart}>
                    Crear otra planificación
                  </Button>
                </div>
              </Alert>
            )}
          </Stepper.Completed>
        </Stepper>
        {stepError && (
          <Alert color="red" variant="light" icon={<IconAlert size={18} />} mt="md" role="alert">
            {stepError}
          </Alert>
        )}
        {step < 3 && (
          <div className={classes.actions}>
            <Button variant="default" onClick={() => setStep((current) => Math.max(0, current - 1))} disabled={step === 0}>
              Atrás
            </Button>
            {step < 2 ? (
              <Button onClick={() => void next()} loading={preview.isPending}>
                {step === 1 ? 'Ver vista previa' : 'Siguiente'}
              </Button>
            ) : (
              <Button onClick={() => void save()} loading={applyMutation.isPending} disabled={preview.isPending}>
                Guardar planificación
              </Button>
            )}
          </div>
        )}
      </SectionCard>
    </EsDatesProvider>
  );
}
