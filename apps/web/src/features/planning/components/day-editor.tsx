import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Radio, SegmentedControl, Text, Textarea, TextInput } from '@mantine/core';
import { OCURRENCIA_LABELS, type Ocurrencia, type SolicitadoPor, type TipoDia, type Turno, type TurnoPlanificado } from '@jornada/contracts';
import { resolveLocalTime, type LocalTimeResolution } from '@jornada/domain';
import { useState, type FormEvent } from 'react';
import { compactRange, fullRange, longDayLabel, readableTextColor } from '../../../components/planning-grid';
import classes from './day-editor.module.css';

export type DayChoice = { tipo: 'turno'; turno: Turno } | { tipo: 'libre' } | { tipo: 'sin_planificar' };

export interface DayJustification {
  solicitadoPor: SolicitadoPor;
  motivo?: string;
  observacion?: string;
  /** The shift starts in the hour the April clock change repeats: the plan places it the first time. */
  ocurrencia?: Ocurrencia;
}

interface DayEditorProps {
  workerName: string;
  date: string;
  current: { tipo: TipoDia; turno: TurnoPlanificado | null };
  past: boolean;
  shifts: readonly Turno[];
  loadingShifts?: boolean;
  onApply: (choice: DayChoice, justification: DayJustification) => void;
  onCancel: () => void;
  /** Reopened after the server asked for a reason: start on the reason step with this choice. */
  initialChoice?: DayChoice;
  serverError?: string;
  /** The worker's site zone: a shift whose start does not exist or happens twice that day is explained here. */
  zone?: string;
}

/** `UTC-3` of an offset in minutes. */
function utcText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** What the shift's start is on that date in the zone (almost always `exact`). */
function startOf(choice: DayChoice | null, date: string, zone: string): LocalTimeResolution | null {
  if (choice?.tipo !== 'turno') return null;
  try {
    return resolveLocalTime(date, choice.turno.inicio, zone);
  } catch {
    return null;
  }
}

function sameChoice(choice: DayChoice, current: DayEditorProps['current']): boolean {
  if (choice.tipo !== current.tipo) return false;
  return choice.tipo !== 'turno' || choice.turno.id === current.turno?.id;
}

function choiceLabel(choice: DayChoice | DayEditorProps['current']): string {
  if (choice.tipo === 'libre') return 'Libre';
  if (choice.tipo === 'sin_planificar') return 'Sin planificación';
  if (!choice.turno) return 'Turno';
  return `${choice.turno.codigo} ${fullRange(choice.turno.inicio, choice.turno.fin)}`;
}

/**
 * The popover of a day: pick a shift, a rest day or clear it. A new plan for a future day is saved
 * at once; changing a planned day or any past day asks who asked for it, the reason and an
 * observation (legal report "modificaciones de turnos").
 */
export function DayEditor({ workerName, date, current, past, shifts, loadingShifts, onApply, onCancel, initialChoice, serverError, zone = 'America/Santiago' }: DayEditorProps) {
  const [choice, setChoice] = useState<DayChoice | null>(initialChoice ?? null);
  const [gap, setGap] = useState<string | null>(null);
  const [ocurrencia, setOcurrencia] = useState<Ocurrencia | null>(null);
  const [ocurrenciaError, setOcurrenciaError] = useState<string | null>(null);
  const start = startOf(choice, date, zone);
  const ambiguous = start?.kind === 'ambiguous' ? start : null;
  const [filter, setFilter] = useState('');
  const [solicitadoPor, setSolicitadoPor] = useState<SolicitadoPor>('empleador');
  const [motivo, setMotivo] = useState('');
  const [observacion, setObservacion] = useState('');
  const [motivoError, setMotivoError] = useState<string | null>(serverError ?? null);
  const needsReason = past || current.tipo !== 'sin_planificar';

  const pick = (next: DayChoice) => {
    if (sameChoice(next, current)) {
      onCancel();
      return;
    }
    const resolution = startOf(next, date, zone);
    if (next.tipo === 'turno' && resolution?.kind === 'gap') {
      // The start does not exist that day: the server would refuse it; say why here.
      setGap(
        `El turno ${next.turno.codigo} empieza a las ${next.turno.inicio}, hora que no existe ese día en ${zone}: el reloj salta de las ${resolution.jumpsFrom} a las ${resolution.jumpsTo} por el cambio de horario. Elige otro turno.`,
      );
      return;
    }
    setGap(null);
    if (!needsReason && resolution?.kind !== 'ambiguous') {
      onApply(next, { solicitadoPor: 'empleador' });
      return;
    }
    setChoice(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    if (ambiguous && !ocurrencia) {
      setOcurrenciaError('Indica cuándo empieza el turno.');
      return;
    }
    if (needsReason && !motivo.trim()) {
      setMotivoError(past ? 'Indica el motivo: el día ya pasó.' : 'Indica el motivo del cambio: el día ya estaba planificado.');
      return;
    }
    const occurrence = ambiguous && ocurrencia ? { ocurrencia } : {};
    if (!needsReason) {
      onApply(choice, { solicitadoPor: 'empleador', ...occurrence });
      return;
    }
    onApply(choice, { solicitadoPor, motivo: motivo.trim(), observacion: observacion.trim() || undefined, ...occurrence });
  };

  const visible = filter.trim()
    ? shifts.filter((shift) => `${shift.codigo} ${shift.nombre}`.toLocaleLowerCase('es-CL').includes(filter.trim().toLocaleLowerCase('es-CL')))
    : shifts;

  return (
    <div className={classes.editor}>
      <Text fw={700} size="sm">
        {longDayLabel(date)}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {workerName} · Actual: {choiceLabel(current)}
      </Text>
      {past && (
        <Alert color="sol" variant="light" p="xs" mb="xs" className={classes.pastAlert}>
          Este día ya pasó: el cambio queda registrado con su motivo.
        </Alert>
      )}
      {!choice ? (
        <>
          {gap && (
            <Alert color="red" variant="light" p="xs" mb="xs" role="alert">
              {gap}
            </Alert>
          )}
          {shifts.length > 8 && (
            <TextInput size="xs" label="Filtrar turnos" placeholder="Código o nombre" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} mb={6} />
          )}
          <div className={classes.options} role="group" aria-label="Elegir el turno del día">
            {loadingShifts && (
              <Text size="xs" c="dimmed" role="status">
                Cargando turnos…
              </Text>
            )}
            {!loadingShifts && shifts.length === 0 && (
              <Text size="xs" c="dimmed">
                No hay turnos activos. Créalos en Turnos.
              </Text>
            )}
            {visible.map((shift) => {
              const selected = current.tipo === 'turno' && current.turno?.id === shift.id;
              return (
                <button
                  key={shift.id}
                  type="button"
                  className={classes.option}
                  onClick={() => pick({ tipo: 'turno', turno: shift })}
                  aria-pressed={selected}
                  aria-label={`Turno ${shift.nombre} ${fullRange(shift.inicio, shift.fin)}`}
                >
                  <span className={classes.swatch} style={{ background: shift.color, color: readableTextColor(shift.color) }} aria-hidden="true">
                    {compactRange(shift.inicio, shift.fin)}
                  </span>
                  <span className={classes.optionText}>
                    <strong>{shift.codigo}</strong> {shift.nombre}
                  </span>
                </button>
              );
            })}
          </div>
          <div className={classes.actions}>
            <Button size="xs" variant="light" color="gray" onClick={() => pick({ tipo: 'libre' })} aria-pressed={current.tipo === 'libre'}>
              Libre (descanso)
            </Button>
            {current.tipo !== 'sin_planificar' && (
              <Button size="xs" variant="subtle" color="red.9" c="red.9" onClick={() => pick({ tipo: 'sin_planificar' })}>
                Quitar planificación
              </Button>
            )}
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Motivo del cambio">
          <Text size="sm" mb="xs">
            {choiceLabel(current)} → <strong>{choiceLabel(choice)}</strong>
          </Text>
          {ambiguous && choice.tipo === 'turno' && (
            <Radio.Group
              label={`El turno empieza a las ${choice.turno.inicio}, hora que ese día ocurre dos veces por el cambio de horario (primero en ${utcText(ambiguous.earlierOffsetMinutes)} y luego en ${utcText(ambiguous.laterOffsetMinutes)}). ¿Cuándo empieza?`}
              name="ocurrencia"
              size="xs"
              mb="xs"
              withAsterisk
              value={ocurrencia ?? ''}
              onChange={(value) => {
                setOcurrencia(value as Ocurrencia);
                setOcurrenciaError(null);
              }}
              error={ocurrenciaError}
            >
              <Radio value="primera" label={`${OCURRENCIA_LABELS.primera}, ${utcText(ambiguous.earlierOffsetMinutes)}`} mt={4} />
              <Radio
                value="segunda"
                disabled
                label={`${OCURRENCIA_LABELS.segunda}, ${utcText(ambiguous.laterOffsetMinutes)}`}
                description="La planificación ubica el turno la primera vez."
                mt={4}
              />
            </Radio.Group>
          )}
          {needsReason && (
            <>
          <SegmentedControl
            fullWidth
            size="xs"
            aria-label="Solicitado por"
            value={solicitadoPor}
            onChange={(value) => setSolicitadoPor(value as SolicitadoPor)}
            data={[
              { value: 'empleador', label: 'Empleador' },
              { value: 'trabajador', label: 'Trabajador' },
            ]}
          />
          <Text size="xs" c="dimmed" mt={2} mb="xs">
            ¿Quién pidió el cambio?
          </Text>
          <Textarea
            label="Motivo"
            withAsterisk
            size="xs"
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            onChange={(event) => {
              setMotivo(event.currentTarget.value);
              setMotivoError(null);
            }}
            error={motivoError}
            data-autofocus
          />
          <Textarea
            label="Observación"
            size="xs"
            autosize
            minRows={1}
            maxLength={1000}
            mt="xs"
            value={observacion}
            onChange={(event) => setObservacion(event.currentTarget.value)}
          />
            </>
          )}
          <div className={classes.actions}>
            <Button size="xs" variant="default" onClick={() => (initialChoice ? onCancel() : setChoice(null))}>
              Volver
            </Button>
            <Button size="xs" type="submit">
              Guardar cambio
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
