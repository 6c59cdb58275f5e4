import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import { Alert, Badge, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { extensionDiciembreBodySchema, type ExtensionDiciembre } from '@jornada/contracts';
import { addDays } from '@jornada/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorState } from '../../../components/states';
import { longDayLabel } from '../../../components/planning-grid';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useDecemberExtension, useSaveDecemberExtension } from '../api/december-extension';
import classes from './december-extension-dialog.module.css';

const HOURS = [
  { value: '30', label: '30 min' },
  { value: '60', label: '1 hora' },
  { value: '90', label: '1 h 30 min' },
  { value: '120', label: '2 horas' },
];

function datesOf(data: ExtensionDiciembre): string[] {
  const out: string[] = [];
  for (let d = data.desde; d <= data.hasta; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The server's or the schema's message for a field path (`dias.3.fecha`), and the row it names. */
function issuesOf(fields: Readonly<Record<string, string>>, chosen: readonly string[]): { general: string[]; byDate: Map<string, string> } {
  const general: string[] = [];
  const byDate = new Map<string, string>();
  for (const [path, message] of Object.entries(fields)) {
    const match = /^dias\.(\d+)\./.exec(path);
    const date = match ? chosen[Number(match[1])] : undefined;
    if (date) byDate.set(date, message);
    else general.push(message);
  }
  return { general, byDate };
}

function ExtensionForm({ data, onClose }: { data: ExtensionDiciembre; onClose: () => void }) {
  const [chosen, setChosen] = useState<Map<string, number>>(() => new Map(data.dias.map((d) => [d.fecha, d.minutos])));
  const [errors, setErrors] = useState<{ general: string[]; byDate: Map<string, string> }>({ general: [], byDate: new Map() });
  const save = useSaveDecemberExtension();
  const dates = datesOf(data);
  // A refusal of the whole set (a closed month, a day an overtime pact covers) shows above the list: bring it into
  // view, since the save button is at the bottom of a dialog that scrolls.
  const generalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.general.length > 0) generalRef.current?.scrollIntoView?.({ block: 'start' });
  }, [errors.general]);
  const full = chosen.size >= data.maxDias;

  const toggle = (date: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (on) next.set(date, data.maxMinutos);
      else next.delete(date);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ordered = dates.filter((d) => chosen.has(d));
    const body = { anio: data.anio, dias: ordered.map((fecha) => ({ fecha, minutos: chosen.get(fecha)! })) };
    const parsed = extensionDiciembreBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesOf(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])), ordered));
      return;
    }
    setErrors({ general: [], byDate: new Map() });
    save.mutate(body, {
      onSuccess: (result) => {
        notify.success(result.dias.length === 0 ? 'Sin días de extensión declarados.' : `Extensión de diciembre guardada: ${result.dias.length} ${result.dias.length === 1 ? 'día' : 'días'}.`);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) setErrors(issuesOf(error.fields, ordered));
        else setErrors({ general: [errorMessage(error)], byDate: new Map() });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Días de extensión de diciembre">
      <Stack gap="sm">
        <Text size="sm">
          El comercio puede extender la jornada ordinaria hasta 2 horas diarias en como máximo {data.maxDias} días del {Number(data.desde.slice(8, 10))} al{' '}
          {Number(data.hasta.slice(8, 10))} de diciembre. Las horas sobre la jornada semanal se pagan como horas extra, y nadie trabaja después de las 23:00 (el
          24 y el 31, de las 20:00).
        </Text>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Días de {data.anio}
          </Text>
          <Badge color={full ? 'sol' : 'jornada'} variant="light" c={full ? '#10231f' : undefined} aria-live="polite">
            {chosen.size} de {data.maxDias} días
          </Badge>
        </Group>
        {errors.general.length > 0 && (
          <Stack gap="xs" ref={generalRef} className={classes.refusals}>
            {errors.general.map((message) => (
              <Alert key={message} color="red" variant="light" role="alert">
                {message}
              </Alert>
            ))}
          </Stack>
        )}
        <ul className={classes.list}>
          {dates.map((date) => {
            const on = chosen.has(date);
            const error = errors.byDate.get(date);
            return (
              <li key={date} className={classes.row}>
                <Checkbox
                  label={longDayLabel(date)}
                  checked={on}
                  disabled={!on && full}
                  onChange={(event) => toggle(date, event.currentTarget.checked)}
                  error={error}
                />
                <Select
                  aria-label={`Horas de extensión del ${longDayLabel(date)}`}
                  size="xs"
                  w={120}
                  style={{ flex: '0 0 120px' }}
                  data={HOURS}
                  value={on ? String(chosen.get(date)) : null}
                  placeholder="—"
                  disabled={!on}
                  allowDeselect={false}
                  onChange={(value) => value && setChosen((prev) => new Map(prev).set(date, Number(value)))}
                />
              </li>
            );
          })}
        </ul>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Guardar días
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** «Extensión de diciembre (art. 24)»: the days from 10 to 24 December the company declares as extended, up to nine. */
export function DecemberExtensionDialog({ anio, opened, onClose }: { anio: number; opened: boolean; onClose: () => void }) {
  const extension = useDecemberExtension(anio, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={`Extensión de diciembre ${anio} (art. 24)`} centered size="lg" radius="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {extension.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Cargando los días declarados…
        </Text>
      ) : extension.error ? (
        <ErrorState error={extension.error} onRetry={() => void extension.refetch()} retrying={extension.isFetching} />
      ) : (
        <ExtensionForm key={anio} data={extension.data} onClose={onClose} />
      )}
    </Modal>
  );
}
