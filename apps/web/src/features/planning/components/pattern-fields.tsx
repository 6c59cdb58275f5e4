import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Text.css';
import { Button, NumberInput, SegmentedControl, Select, Text } from '@mantine/core';
import type { Patron, Turno } from '@jornada/contracts';
import { addDays } from '@jornada/domain';
import { compactRange, readableTextColor, weekdayShort } from '../../../components/planning-grid';
import { formatDate } from '../../../lib/format';
import classes from './create-planning.module.css';

export type PatternType = Patron['tipo'];
/** A step of a pattern while editing: a shift id, `libre`, or '' (not chosen yet). */
export type Step = string;

export interface PatternDraft {
  tipo: PatternType;
  dias: Step[];
  turnoId: string;
  diasTrabajo: number;
  diasLibres: number;
  secuencia: Step[];
  desfase: number;
}

export const EMPTY_PATTERN: PatternDraft = {
  tipo: 'semana_fija',
  dias: ['', '', '', '', '', 'libre', 'libre'],
  turnoId: '',
  diasTrabajo: 4,
  diasLibres: 4,
  secuencia: [],
  desfase: 0,
};

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const ROTATIONS: [number, number][] = [
  [4, 4],
  [7, 7],
  [14, 14],
  [5, 2],
  [6, 1],
  [4, 3],
];

/** The pattern for the API, or the Spanish reason it is not ready. */
export function toPatron(draft: PatternDraft): { patron: Patron } | { error: string } {
  if (draft.tipo === 'semana_fija') {
    const missing = draft.dias.findIndex((step) => !step);
    if (missing >= 0) return { error: `Elige el turno del ${WEEKDAYS[missing]!.toLocaleLowerCase('es-CL')} (o «Libre»).` };
    return { patron: { tipo: 'semana_fija', dias: draft.dias } };
  }
  if (draft.tipo === 'rotacion') {
    if (!draft.turnoId) return { error: 'Elige el turno de la rotación.' };
    return { patron: { tipo: 'rotacion', turnoId: draft.turnoId, diasTrabajo: draft.diasTrabajo, diasLibres: draft.diasLibres, desfase: draft.desfase } };
  }
  if (draft.secuencia.length === 0) return { error: 'Agrega al menos un día a la secuencia.' };
  return { patron: { tipo: 'secuencia', secuencia: draft.secuencia, desfase: draft.desfase } };
}

/** The step planned on day `index` (0 = `desde`) of a pattern, for the quick preview strip. */
function stepOn(draft: PatternDraft, desde: string, index: number): Step {
  if (draft.tipo === 'semana_fija') {
    const weekday = new Date(`${addDays(desde, index)}T12:00:00Z`).getUTCDay();
    return draft.dias[(weekday + 6) % 7] ?? '';
  }
  if (draft.tipo === 'rotacion') {
    const cycle = draft.diasTrabajo + draft.diasLibres;
    return (index + draft.desfase) % cycle < draft.diasTrabajo ? draft.turnoId : 'libre';
  }
  if (draft.secuencia.length === 0) return '';
  return draft.secuencia[(index + draft.desfase) % draft.secuencia.length]!;
}

function StepChip({ step, shifts }: { step: Step; shifts: ReadonlyMap<string, Turno> }) {
  const shift = shifts.get(step);
  if (shift) {
    return (
      <span className={classes.stepChip} style={{ background: shift.color, color: readableTextColor(shift.color) }}>
        <strong>{shift.codigo}</strong>
        <span>{compactRange(shift.inicio, shift.fin)}</span>
      </span>
    );
  }
  return <span className={`${classes.stepChip} ${step === 'libre' ? classes.rest : classes.unset}`}>{step === 'libre' ? 'L' : '?'}</span>;
}

interface PatternFieldsProps {
  draft: PatternDraft;
  onChange: (draft: PatternDraft) => void;
  shifts: readonly Turno[];
  desde: string | null;
}

/** The three kinds of pattern, with presets (Lunes a viernes, 4x4, 7x7...) and a strip of the first two weeks. */
export function PatternFields({ draft, onChange, shifts, desde }: PatternFieldsProps) {
  const options = [{ value: 'libre', label: 'Libre (descanso)' }, ...shifts.map((shift) => ({ value: shift.id, label: `${shift.codigo} · ${shift.nombre} (${shift.etiqueta})` }))];
  const shiftOptions = options.slice(1);
  const byId = new Map(shifts.map((shift) => [shift.id, shift]));
  const set = (patch: Partial<PatternDraft>) => onChange({ ...draft, ...patch });
  const firstShift = shifts[0]?.id ?? '';

  return (
    <div className={classes.pattern}>
      <SegmentedControl
        aria-label="Tipo de patrón"
        value={draft.tipo}
        onChange={(value) => set({ tipo: value as PatternType })}
        data={[
          { value: 'semana_fija', label: 'Semana fija' },
          { value: 'rotacion', label: 'Rotación' },
          { value: 'secuencia', label: 'Secuencia' },
        ]}
        className={classes.segmented}
      />

      {draft.tipo === 'semana_fija' && (
        <>
          <Text size="sm" c="dimmed">
            Un turno (o libre) para cada día de la semana, que se repite todas las semanas.
          </Text>
          <div className={classes.presets}>
            <Button
              size="xs"
              variant="light"
              onClick={() => set({ dias: [...Array<string>(5).fill(draft.dias.find((d) => d && d !== 'libre') ?? firstShift), 'libre', 'libre'] })}
            >
              Lunes a viernes
            </Button>
            <Button
              size="xs"
              variant="light"
              onClick={() => set({ dias: [...Array<string>(6).fill(draft.dias.find((d) => d && d !== 'libre') ?? firstShift), 'libre'] })}
            >
              Lunes a sábado
            </Button>
          </div>
          <div className={classes.week}>
            {WEEKDAYS.map((day, index) => (
              <Select
                key={day}
                label={day}
                size="sm"
                data={options}
                value={draft.dias[index] || null}
                placeholder="Elegir"
                onChange={(value) => set({ dias: draft.dias.map((step, i) => (i === index ? (value ?? '') : step)) })}
                searchable
                nothingFoundMessage="Sin coincidencias"
              />
            ))}
          </div>
        </>
      )}

      {draft.tipo === 'rotacion' && (
        <>
          <Text size="sm" c="dimmed">
            N días de turno y M días libres, en ciclo desde la fecha de inicio.
          </Text>
          <div className={classes.presets} role="group" aria-label="Rotaciones frecuentes">
            {ROTATIONS.map(([work, rest]) => (
              <Button
                key={`${work}x${rest}`}
                size="xs"
                variant={draft.diasTrabajo === work && draft.diasLibres === rest ? 'filled' : 'light'}
                onClick={() => set({ diasTrabajo: work, diasLibres: rest })}
                aria-pressed={draft.diasTrabajo === work && draft.diasLibres === rest}
              >
                {work}x{rest}
              </Button>
            ))}
          </div>
          <div className={classes.fields}>
            <Select label="Turno" size="sm" data={shiftOptions} value={draft.turnoId || null} onChange={(value) => set({ turnoId: value ?? '' })} searchable withAsterisk />
            <NumberInput label="Días de trabajo" size="sm" min={1} max={28} value={draft.diasTrabajo} onChange={(value) => set({ diasTrabajo: Number(value) || 1 })} allowDecimal={false} />
            <NumberInput label="Días libres" size="sm" min={0} max={28} value={draft.diasLibres} onChange={(value) => set({ diasLibres: Number(value) || 0 })} allowDecimal={false} />
            <NumberInput
              label="Desfase"
              description="Día del ciclo con que parte (0 = el primero)"
              size="sm"
              min={0}
              max={Math.max(0, draft.diasTrabajo + draft.diasLibres - 1)}
              value={draft.desfase}
              onChange={(value) => set({ desfase: Number(value) || 0 })}
              allowDecimal={false}
            />
          </div>
        </>
      )}

      {draft.tipo === 'secuencia' && (
        <>
          <Text size="sm" c="dimmed">
            Cualquier combinación de turnos y días libres, que se repite. Hasta 62 días.
          </Text>
          <div className={classes.sequence} aria-label="Secuencia" role="list">
            {draft.secuencia.length === 0 && (
              <Text size="sm" c="dimmed">
                Aún no hay días en la secuencia.
              </Text>
            )}
            {draft.secuencia.map((step, index) => (
              <span key={index} role="listitem" className={classes.sequenceItem}>
                <StepChip step={step} shifts={byId} />
                <button
                  type="button"
                  className={classes.remove}
                  aria-label={`Quitar el día ${index + 1} de la secuencia`}
                  onClick={() => set({ secuencia: draft.secuencia.filter((_, i) => i !== index) })}
                >
                  ×
                </button>
              </span>
            ))}
          </div>
          <div className={classes.fields}>
            <Select
              label="Agregar día"
              size="sm"
              data={options}
              value={null}
              placeholder="Turno o libre"
              onChange={(value) => value && draft.secuencia.length < 62 && set({ secuencia: [...draft.secuencia, value] })}
              searchable
            />
            <NumberInput
              label="Desfase"
              description="Día de la secuencia con que parte (0 = el primero)"
              size="sm"
              min={0}
              max={Math.max(0, draft.secuencia.length - 1)}
              value={draft.desfase}
              onChange={(value) => set({ desfase: Number(value) || 0 })}
              allowDecimal={false}
            />
          </div>
        </>
      )}

      {desde && (
        <div>
          <Text size="sm" fw={600} mb={4}>
            Primeras dos semanas desde el {formatDate(desde)}
          </Text>
          <ol className={classes.strip} aria-label="Primeras dos semanas del patrón">
            {Array.from({ length: 14 }, (_, index) => {
              const date = addDays(desde, index);
              const step = stepOn(draft, desde, index);
              const shift = byId.get(step);
              return (
                <li key={date} className={classes.stripDay} aria-label={`${formatDate(date)}: ${shift ? `turno ${shift.nombre}` : step === 'libre' ? 'libre' : 'sin elegir'}`}>
                  <span className={classes.stripDate} aria-hidden="true">
                    {weekdayShort(date)} {Number(date.slice(8, 10))}
                  </span>
                  <StepChip step={step} shifts={byId} />
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </div>
  );
}
