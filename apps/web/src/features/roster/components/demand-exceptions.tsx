import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Text.css';
import { BANDA_DIA_SIN_DEMANDA, demandaBodySchema, DIAS_SEMANA, sinDemanda, type BandaExcepcion, type Demanda } from '@jornada/contracts';
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { IconPlus } from '../../../components/icons';
import { TimeField } from '../../../components/time-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useSaveDemand } from '../api/demand';
import classes from './roster.module.css';

/** One band of the date being edited; `turnoIds` kept as they came (the upload can set them). */
interface DraftBand {
  key: number;
  inicio: string;
  fin: string;
  personas: number | '';
  turnoIds?: string[];
}

interface Draft {
  /** The date as stored, when editing one; null when adding. */
  original: string | null;
  fecha: string | null;
  closed: boolean;
  bands: DraftBand[];
}

type BandErrors = Partial<Record<'inicio' | 'fin' | 'personas' | 'banda', string>>;

let nextKey = 1;
const newBand = (inicio = '09:00', fin = '18:00', personas: number | '' = 1): DraftBand => ({ key: nextKey++, inicio, fin, personas });

const byTimes = (a: { inicio: string; fin: string }, b: { inicio: string; fin: string }) => (a.inicio === b.inicio ? (a.fin < b.fin ? -1 : 1) : a.inicio < b.inicio ? -1 : 1);

/** `viernes 01-05-2026`. */
function dateLabel(fecha: string): string {
  const weekday = (new Date(`${fecha}T12:00:00Z`).getUTCDay() + 6) % 7;
  return `${DIAS_SEMANA[weekday]} ${formatDate(fecha)}`;
}

/** The exceptions by date, in date order, each date's bands by their hours. */
function datesOf(excepciones: readonly BandaExcepcion[]): [string, BandaExcepcion[]][] {
  const dates = new Map<string, BandaExcepcion[]>();
  for (const e of excepciones) dates.set(e.fecha, [...(dates.get(e.fecha) ?? []), e]);
  return [...dates.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([fecha, bands]) => [fecha, bands.sort(byTimes)]);
}

const people = (n: number) => `${n} ${n === 1 ? 'persona' : 'personas'}`;

/**
 * «Fechas especiales»: the dates whose bands replace their weekday's (a holiday, a stocktaking, a day closed),
 * listed by date with their bands; each added, edited or removed in a dialog and saved at once with the rest
 * of the demand as it is stored.
 */
export function DemandExceptions({ siteId, demand, readOnly }: { siteId: string; demand: Demanda; readOnly: boolean }) {
  const save = useSaveDemand(siteId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const dates = datesOf(demand.excepciones);

  const remove = async () => {
    if (!removing) return;
    try {
      await save.mutateAsync({ bandas: demand.bandas, excepciones: demand.excepciones.filter((e) => e.fecha !== removing) });
      notify.success(`Se quitó la fecha ${formatDate(removing)}.`);
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div className={classes.exceptions}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Text fw={600} component="h3" size="md">
            Fechas especiales
          </Text>
          <Text size="xs" c="dimmed">
            Las bandas de una fecha especial reemplazan las de su día de la semana: un feriado, un inventario o un día cerrado.
          </Text>
        </div>
        {!readOnly && (
          <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => setDraft({ original: null, fecha: null, closed: false, bands: [newBand()] })}>
            Agregar fecha
          </Button>
        )}
      </Group>
      {dates.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs" role="status">
          No hay fechas especiales: cada fecha sigue la demanda de su día de la semana.
        </Text>
      ) : (
        <ul className={classes.dateList} aria-label="Fechas especiales de la demanda">
          {dates.map(([fecha, bands]) => (
            <li key={fecha} className={classes.dateItem}>
              <div>
                <Text size="sm" fw={600}>
                  {dateLabel(fecha)}
                </Text>
                {sinDemanda(bands) ? (
                  <Badge variant="light" color="gray" mt={2}>
                    Sin demanda
                  </Badge>
                ) : (
                  bands.map((b, i) => (
                    <Text key={i} size="sm">
                      {b.inicio}–{b.fin} · {people(b.personas)}
                      {b.turnoIds?.length ? ' · solo algunos turnos' : ''}
                    </Text>
                  ))
                )}
              </div>
              {!readOnly && (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Editar el ${formatDate(fecha)}`}
                    onClick={() =>
                      setDraft({
                        original: fecha,
                        fecha,
                        closed: sinDemanda(bands),
                        bands: sinDemanda(bands) ? [newBand()] : bands.map((b) => ({ ...newBand(b.inicio, b.fin, b.personas), ...(b.turnoIds?.length ? { turnoIds: b.turnoIds } : {}) })),
                      })
                    }
                  >
                    Editar
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" aria-label={`Quitar el ${formatDate(fecha)}`} onClick={() => setRemoving(fecha)}>
                    Quitar
                  </Button>
                </Group>
              )}
            </li>
          ))}
        </ul>
      )}
      {draft && <ExceptionDialog key={draft.original ?? 'nueva'} siteId={siteId} demand={demand} initial={draft} onClose={() => setDraft(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? `¿Quitar el ${formatDate(removing)}?` : ''}
        message="Esa fecha vuelve a tener la demanda de su día de la semana."
        confirmLabel="Quitar fecha"
        danger
        loading={save.isPending}
        onConfirm={remove}
      />
    </div>
  );
}

/** Adds or edits one date: its bands, or no demand at all; saved with the rest of the stored demand. */
function ExceptionDialog({ siteId, demand, initial, onClose }: { siteId: string; demand: Demanda; initial: Draft; onClose: () => void }) {
  const save = useSaveDemand(siteId);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<{ fecha?: string; bands: Record<number, BandErrors>; form?: string }>({ bands: {} });
  const update = (key: number, change: Partial<DraftBand>) => setDraft((d) => ({ ...d, bands: d.bands.map((b) => (b.key === key ? { ...b, ...change } : b)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { fecha } = draft;
    if (!fecha) return setErrors({ fecha: 'Indica la fecha.', bands: {} });
    if (fecha !== draft.original && demand.excepciones.some((e) => e.fecha === fecha)) {
      return setErrors({ fecha: 'Esa fecha ya es una fecha especial: edítala en la lista.', bands: {} });
    }
    if (!draft.closed && draft.bands.length === 0) return setErrors({ bands: {}, form: 'Agrega al menos una banda, o marca el día sin demanda.' });
    const others = demand.excepciones.filter((e) => e.fecha !== draft.original);
    const mine = draft.closed
      ? [{ fecha, ...BANDA_DIA_SIN_DEMANDA }]
      : draft.bands.map((b) => ({ fecha, inicio: b.inicio, fin: b.fin, personas: b.personas === '' ? Number.NaN : b.personas, ...(b.turnoIds ? { turnoIds: b.turnoIds } : {}) }));
    const body = { bandas: demand.bandas, excepciones: [...others, ...mine] };
    // The PUT's own schema: each issue on one of this date's bands goes under its input.
    const checked = demandaBodySchema.safeParse(body);
    if (!checked.success) {
      const next: typeof errors = { bands: {} };
      for (const issue of checked.error.issues) {
        const [list, index, field] = issue.path;
        const band = list === 'excepciones' && typeof index === 'number' && index >= others.length ? draft.bands[index - others.length] : undefined;
        if (!band || draft.closed) {
          next.form ??= issue.message;
          continue;
        }
        const name = field === 'inicio' || field === 'fin' || field === 'personas' ? field : 'banda';
        next.bands[band.key] = { [name]: issue.message, ...next.bands[band.key] };
      }
      return setErrors(next);
    }
    setErrors({ bands: {} });
    try {
      await save.mutateAsync(checked.data);
      notify.success(`Fecha ${formatDate(fecha)} guardada.`);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      setErrors({ bands: {}, form: fields ? Object.values(fields).join(' ') : errorMessage(error) });
    }
  };

  return (
    <Modal opened onClose={save.isPending ? () => undefined : onClose} title={initial.original ? `Editar el ${formatDate(initial.original)}` : 'Agregar fecha especial'} size="lg" radius="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Fecha especial">
        <Stack gap="sm">
          <DateField label="Fecha" name="fecha" value={draft.fecha} onChange={(fecha) => setDraft((d) => ({ ...d, fecha }))} error={errors.fecha} withAsterisk />
          <Checkbox
            label="Sin demanda ese día (cerrado)"
            description="Nadie es necesario ese día, aunque su día de la semana tenga bandas."
            checked={draft.closed}
            onChange={(event) => {
              const closed = event.currentTarget.checked;
              setDraft((d) => ({ ...d, closed }));
            }}
          />
          {!draft.closed && (
            <div className={classes.bandList} role="group" aria-label="Bandas de la fecha">
              {draft.bands.map((b, i) => {
                const e = errors.bands[b.key] ?? {};
                return (
                  <div key={b.key} className={classes.bandRow}>
                    <TimeField size="sm" label={i === 0 ? 'Desde' : undefined} aria-label={`Desde, banda ${i + 1}`} value={b.inicio} onChange={(inicio) => update(b.key, { inicio })} error={e.inicio} />
                    <TimeField size="sm" label={i === 0 ? 'Hasta' : undefined} aria-label={`Hasta, banda ${i + 1}`} value={b.fin} onChange={(fin) => update(b.key, { fin })} error={e.fin} />
                    <NumberInput
                      size="sm"
                      label={i === 0 ? 'Personas' : undefined}
                      aria-label={`Personas, banda ${i + 1}`}
                      min={0}
                      max={500}
                      allowDecimal={false}
                      allowNegative={false}
                      value={b.personas}
                      onChange={(value) => update(b.key, { personas: typeof value === 'number' ? value : '' })}
                      error={e.personas ?? e.banda}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      className={classes.bandRemove}
                      data-first={i === 0 || undefined}
                      aria-label={`Quitar la banda ${i + 1}`}
                      onClick={() => setDraft((d) => ({ ...d, bands: d.bands.filter((x) => x.key !== b.key) }))}
                    >
                      ×
                    </ActionIcon>
                  </div>
                );
              })}
              <div>
                <Button size="sm" variant="default" leftSection={<IconPlus size={14} />} onClick={() => setDraft((d) => ({ ...d, bands: [...d.bands, newBand('14:00', '22:00')] }))}>
                  Agregar banda
                </Button>
              </div>
              <Text size="xs" c="dimmed">
                Un fin anterior al inicio termina al día siguiente.
              </Text>
            </div>
          )}
          {errors.form && (
            <Alert color="red" variant="light" title="No se pudo guardar la fecha" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar fecha
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
