import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  crearJornadaExcepcionalBodySchema,
  DIAS_CICLO,
  HORAS_DIARIAS_EXCEPCIONAL_MAXIMO,
  sistemaJornadaExcepcional,
  type JornadaExcepcional,
} from '@jornada/contracts';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useExceptionalSchedules, useRemoveExceptionalSchedule, useSaveExceptionalSchedule } from '../api/exceptional-schedules';

interface Draft {
  numero: string;
  fecha: string | null;
  diasTrabajo: number | string;
  diasDescanso: number | string;
  horasDiarias: number | string;
  vigenteDesde: string | null;
  vigenteHasta: string | null;
}
const EMPTY: Draft = { numero: '', fecha: null, diasTrabajo: 7, diasDescanso: 7, horasDiarias: '', vigenteDesde: null, vigenteHasta: null };

const draftOf = (j: JornadaExcepcional): Draft => ({
  numero: j.numero,
  fecha: j.fecha,
  diasTrabajo: j.diasTrabajo ?? '',
  diasDescanso: j.diasDescanso ?? '',
  horasDiarias: j.horasDiarias ?? '',
  vigenteDesde: j.vigenteDesde,
  vigenteHasta: j.vigenteHasta,
});

const numberOrUndefined = (value: number | string) => (value === '' ? undefined : Number(value));

function vigencia(j: JornadaExcepcional): string {
  if (j.vigenteDesde && j.vigenteHasta) return `Del ${formatDate(j.vigenteDesde)} al ${formatDate(j.vigenteHasta)}`;
  if (j.vigenteDesde) return `Desde el ${formatDate(j.vigenteDesde)}`;
  if (j.vigenteHasta) return `Hasta el ${formatDate(j.vigenteHasta)}`;
  return 'Sin plazo';
}

const trabajadores = (n: number) => (n === 1 ? '1 trabajador' : `${n} trabajadores`);
const grupos = (n: number) => (n === 1 ? '1 grupo' : `${n} grupos`);
/** What keeps a schedule from being deleted: the workers under it (their own or through a group) and the groups it names. */
function inUse(j: JornadaExcepcional): string | null {
  if (j.trabajadores === 0 && j.grupos === 0) return null;
  const who = [j.trabajadores > 0 ? `${trabajadores(j.trabajadores)} bajo ella` : null, j.grupos > 0 ? `${grupos(j.grupos)} ${j.grupos === 1 ? 'asignado' : 'asignados'}` : null].filter(Boolean).join(' y ');
  return `«${j.numero}» tiene ${who}: asigna otra jornada o ninguna en la ficha de cada trabajador y grupo antes de eliminarla.`;
}

/**
 * `/dashboard/settings/exceptional-schedules`: the exceptional distribution systems the Dirección del Trabajo
 * authorised (art. 38 inc. final), with how many workers and groups each has. A resolution names workers (assigned in
 * their record) or groups (in the group's); a worker without one of their own is under their group's.
 */
export function ExceptionalSchedulesPage() {
  const list = useExceptionalSchedules();
  const save = useSaveExceptionalSchedule();
  const remove = useRemoveExceptionalSchedule();
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<JornadaExcepcional | null>(null);

  const open = (j: JornadaExcepcional | null) => {
    setErrors({});
    setEditing({ id: j?.id ?? null, draft: j ? draftOf(j) : EMPTY });
  };
  const set = (patch: Partial<Draft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const { draft } = editing;
    const body = {
      numero: draft.numero,
      fecha: draft.fecha,
      diasTrabajo: numberOrUndefined(draft.diasTrabajo),
      diasDescanso: numberOrUndefined(draft.diasDescanso),
      horasDiarias: draft.horasDiarias === '' ? null : Number(draft.horasDiarias),
      vigenteDesde: draft.vigenteDesde,
      vigenteHasta: draft.vigenteHasta,
    };
    const parsed = crearJornadaExcepcionalBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: editing.id, body },
      {
        onSuccess: (j) => {
          notify.success(editing.id ? `Jornada excepcional actualizada: ${j.numero}.` : `Jornada excepcional registrada: ${j.numero}.`);
          setEditing(null);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          if (Object.keys(fields).length > 0) setErrors(fields);
          else notify.error(errorMessage(error));
        },
      },
    );
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify.success(`Jornada excepcional eliminada: ${removing.numero}.`);
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error));
      setRemoving(null);
    }
  };

  const columns: Column<JornadaExcepcional>[] = [
    {
      key: 'numero',
      header: 'Resolución',
      primary: true,
      cell: (j) => (
        <div>
          <Text size="sm" fw={600}>
            {j.numero}
          </Text>
          {j.fecha && (
            <Text size="xs" c="dimmed">
              del {formatDate(j.fecha)}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'sistema', header: 'Sistema', nowrap: true, cell: (j) => sistemaJornadaExcepcional(j) },
    {
      key: 'horas',
      header: 'Horas diarias',
      nowrap: true,
      cell: (j) => (j.horasDiarias === null ? 'Sin indicar' : `${String(j.horasDiarias).replace('.', ',')} h`),
    },
    { key: 'vigencia', header: 'Vigencia', cell: vigencia },
    { key: 'trabajadores', header: 'Trabajadores', nowrap: true, cell: (j) => trabajadores(j.trabajadores) },
    { key: 'grupos', header: 'Grupos', nowrap: true, cell: (j) => grupos(j.grupos) },
  ];

  return (
    <>
      <PageHeader
        title="Jornadas excepcionales"
        description="Los sistemas excepcionales de distribución de jornada autorizados por resolución de la Dirección del Trabajo (art. 38 inc. final: 7x7, 4x4, 14x14…). La resolución nombra trabajadores o grupos: se asigna en la ficha del trabajador o en la del grupo, y quien no tiene una propia sigue la de su grupo. Quien no está bajo ninguna sigue los límites diarios y semanales ordinarios."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Jornadas excepcionales' }]}
        actions={<Button onClick={() => open(null)}>Nueva jornada excepcional</Button>}
      />

      <DataTable
        caption="Jornadas excepcionales"
        columns={columns}
        rows={list.data?.items}
        rowKey={(j) => j.id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={{ title: 'Sin jornadas excepcionales', description: 'La empresa no tiene resoluciones de jornada excepcional registradas: todos sus trabajadores siguen los límites ordinarios.' }}
        rowActions={(j) => (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => open(j)} aria-label={`Editar ${j.numero}`}>
              Editar
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setRemoving(j)} aria-label={`Eliminar ${j.numero}`}>
              Eliminar
            </Button>
          </Group>
        )}
      />

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? 'Editar jornada excepcional' : 'Nueva jornada excepcional'} size="lg">
        {editing && (
          <form onSubmit={submit} noValidate aria-label="Jornada excepcional">
            <Stack gap="sm">
              <TextInput
                label="Número de la resolución"
                name="numero"
                placeholder="Ej.: Res. Ex. N° 1234"
                maxLength={100}
                value={editing.draft.numero}
                onChange={(e) => set({ numero: e.currentTarget.value })}
                error={errors.numero}
                withAsterisk
                data-autofocus
              />
              <DateField label="Fecha de la resolución" name="fecha" placeholder="dd-mm-aaaa" value={editing.draft.fecha} onChange={(fecha) => set({ fecha })} error={errors.fecha} clearable />
              <Group grow align="flex-start">
                <NumberInput
                  label="Días de trabajo"
                  name="diasTrabajo"
                  min={DIAS_CICLO.min}
                  max={DIAS_CICLO.max}
                  allowDecimal={false}
                  value={editing.draft.diasTrabajo}
                  onChange={(diasTrabajo) => set({ diasTrabajo })}
                  error={errors.diasTrabajo}
                  withAsterisk
                />
                <NumberInput
                  label="Días de descanso"
                  name="diasDescanso"
                  min={DIAS_CICLO.min}
                  max={DIAS_CICLO.max}
                  allowDecimal={false}
                  value={editing.draft.diasDescanso}
                  onChange={(diasDescanso) => set({ diasDescanso })}
                  error={errors.diasDescanso}
                  withAsterisk
                />
              </Group>
              <NumberInput
                label="Horas ordinarias diarias"
                name="horasDiarias"
                description={`Las que autoriza la resolución, hasta ${HORAS_DIARIAS_EXCEPCIONAL_MAXIMO}. Sin indicar, no se revisa un máximo diario.`}
                min={0.25}
                max={HORAS_DIARIAS_EXCEPCIONAL_MAXIMO}
                step={0.5}
                decimalScale={2}
                decimalSeparator=","
                value={editing.draft.horasDiarias}
                onChange={(horasDiarias) => set({ horasDiarias })}
                error={errors.horasDiarias}
              />
              <Group grow align="flex-start">
                <DateField label="Vigente desde" name="vigenteDesde" placeholder="dd-mm-aaaa" value={editing.draft.vigenteDesde} onChange={(vigenteDesde) => set({ vigenteDesde })} error={errors.vigenteDesde} clearable />
                <DateField label="Vigente hasta" name="vigenteHasta" placeholder="dd-mm-aaaa" value={editing.draft.vigenteHasta} onChange={(vigenteHasta) => set({ vigenteHasta })} error={errors.vigenteHasta} clearable />
              </Group>
              <Group justify="flex-end" mt="sm">
                <Button variant="default" onClick={() => setEditing(null)}>
                  Cancelar
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Guardar
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>

      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Eliminar jornada excepcional"
        message={
          removing
            ? (inUse(removing) ?? `¿Eliminar «${removing.numero}»? Esta acción no se puede deshacer.`)
            : null
        }
        confirmLabel="Eliminar jornada"
        danger
        confirmDisabled={removing !== null && inUse(removing) !== null}
        loading={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
