import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, SegmentedControl, Select, Switch, Text, TextInput } from '@mantine/core';
import { crearFeriadoBodySchema, FERIADO_NOMBRE_MAX, REGIONES, type Feriado, type FeriadoEliminado } from '@jornada/contracts';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime, todayInChile } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api/holidays';
import classes from './holidays.module.css';

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const REGION_NAMES = new Map<string, string>(REGIONES.map((r) => [r.value, r.label]));

/** `aaaa-mm-dd` plus n days. */
function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const weekday = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

const TIPO_BADGE: Record<Feriado['tipo'], { label: string; color: string }> = {
  nacional: { label: 'Nacional', color: 'jornada' },
  regional: { label: 'Regional', color: 'grape' },
  empresa: { label: 'Empresa', color: 'orange' },
};

/** Where a regional holiday applies, in words. */
function placeOf(feriado: Feriado): string | null {
  if (feriado.regiones.length === 0) return null;
  const regions = feriado.regiones.map((code) => REGION_NAMES.get(code) ?? code);
  const where = feriado.comunas.length > 0 ? `${feriado.comunas.join(' y ')} (${regions.join(', ')})` : regions.join(', ');
  return `Solo en ${where}.`;
}

interface Draft {
  fecha: string | null;
  nombre: string;
  tipo: 'empresa' | 'nacional';
  irrenunciable: boolean;
}
const EMPTY: Draft = { fecha: null, nombre: '', tipo: 'empresa', irrenunciable: false };

/**
 * `/dashboard/settings/holidays`: the year's holiday calendar (the law's, national and regional, and the
 * company's own) and the company's days: add one for a future date, remove one that has not come yet.
 * The attendance evaluation, the planning's alerts and vacation day counts use a change at once.
 */
export function HolidaysPage() {
  const thisYear = Number(todayInChile().slice(0, 4));
  const [anio, setAnio] = useState(thisYear);
  const calendar = useHolidays(anio);
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<Feriado | null>(null);

  const hoy = calendar.data?.hoy ?? todayInChile();
  const tomorrow = plusDays(hoy, 1);
  const years = Array.from({ length: thisYear + 3 - 2016 + 1 }, (_, i) => String(2016 + i));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = crearFeriadoBodySchema.safeParse({ ...draft, fecha: draft.fecha ?? '' });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (!found.fecha && draft.fecha && draft.fecha <= hoy) found.fecha = 'La fecha del feriado debe ser posterior a hoy.';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    add.mutate(parsed.data, {
      onSuccess: (feriado) => {
        notify.success(`Feriado agregado: ${feriado.nombre}, ${formatDate(feriado.fecha)}.`);
        setDraft(EMPTY);
        setAnio(Number(feriado.fecha.slice(0, 4)));
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        if (Object.keys(fields).length > 0) setErrors(fields);
        else notify.error(errorMessage(error));
      },
    });
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id!);
      notify.success(`Feriado eliminado: ${removing.nombre}.`);
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const columns: Column<Feriado>[] = [
    {
      key: 'fecha',
      header: 'Fecha',
      nowrap: true,
      primary: true,
      cell: (f) => (
        <span>
          <Text span fw={600}>
            {formatDate(f.fecha)}
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            {weekday(f.fecha)}
          </Text>
        </span>
      ),
    },
    {
      key: 'nombre',
      header: 'Feriado',
      cell: (f) => (
        <div>
          <Text size="sm">{f.nombre}</Text>
          {f.ley && <div className={classes.detail}>{f.ley}</div>}
          {placeOf(f) && <div className={classes.detail}>{placeOf(f)}</div>}
          {f.id && <div className={classes.detail}>Agregado{f.creadoPor ? ` por ${f.creadoPor}` : ''}{f.creadoEn ? ` el ${formatDateTime(f.creadoEn)}` : ''}.</div>}
        </div>
      ),
    },
    {
      key: 'tipo',
      header: 'Tipo',
      cell: (f) => (
        <div className={classes.badges}>
          <Badge variant="light" size="sm" color={TIPO_BADGE[f.tipo].color}>
            {TIPO_BADGE[f.tipo].label}
          </Badge>
          {f.id && f.tipo === 'nacional' && (
            <Badge variant="outline" size="sm" color="orange">
              Agregado por la empresa
            </Badge>
          )}
          {f.irrenunciable && (
            <Badge variant="filled" size="sm" color="red.8">
              Irrenunciable
            </Badge>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Feriados"
        description="El calendario de feriados del año: los de la ley (nacionales, regionales y los días de elecciones) y los que agrega la empresa. La asistencia, las alertas de la planificación y los días hábiles de las vacaciones usan cada cambio de inmediato."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Feriados' }]}
      />

      <SectionCard title="Agregar feriado" description="Para una fecha posterior a hoy: un día de elecciones que aún no está en el calendario o un día libre de la empresa.">
        <form className={classes.form} onSubmit={submit} noValidate aria-label="Agregar feriado">
          <DateField
            label="Fecha"
            name="fecha"
            placeholder="dd-mm-aaaa"
            value={draft.fecha}
            minDate={tomorrow}
            onChange={(fecha) => setDraft({ ...draft, fecha })}
            error={errors.fecha}
            withAsterisk
          />
          <TextInput
            label="Nombre"
            name="nombre"
            placeholder="Ej.: Elecciones municipales"
            maxLength={FERIADO_NOMBRE_MAX}
            value={draft.nombre}
            onChange={(e) => setDraft({ ...draft, nombre: e.currentTarget.value })}
            error={errors.nombre}
            withAsterisk
          />
          <div className={classes.formActions}>
            <Button type="submit" loading={add.isPending}>
              Agregar feriado
            </Button>
          </div>
          <div className={classes.formOptions}>
            <SegmentedControl
              aria-label="Alcance del feriado"
              value={draft.tipo}
              onChange={(tipo) => setDraft({ ...draft, tipo: tipo as Draft['tipo'] })}
              data={[
                { value: 'empresa', label: 'De la empresa' },
                { value: 'nacional', label: 'Nacional' },
              ]}
            />
            <Switch
              label="Irrenunciable para el comercio"
              description="Como el 1 de mayo: el comercio no puede pedir que se trabaje."
              checked={draft.irrenunciable}
              onChange={(e) => setDraft({ ...draft, irrenunciable: e.currentTarget.checked })}
            />
          </div>
          {errors.tipo && (
            <Text size="sm" c="red.8" role="alert">
              {errors.tipo}
            </Text>
          )}
        </form>
      </SectionCard>

      <div className={classes.toolbar}>
        <Text size="sm" c="dimmed" role="status">
          {calendar.data ? `${calendar.data.feriados.length} feriados en ${calendar.data.anio}` : ''}
        </Text>
        <Select
          className={classes.yearSelect}
          label="Año"
          data={years}
          value={String(anio)}
          onChange={(value) => value && setAnio(Number(value))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </div>

      <DataTable
        caption={`Feriados de ${anio}`}
        columns={columns}
        rows={calendar.data?.anio === anio ? calendar.data.feriados : calendar.isPlaceholderData ? calendar.data?.feriados : undefined}
        rowKey={(f) => f.id ?? `${f.fecha}:${f.nombre}`}
        loading={calendar.isPending}
        fetching={calendar.isFetching && !calendar.isPending}
        error={calendar.error}
        onRetry={() => void calendar.refetch()}
        empty={{ title: `Sin feriados en ${anio}`, description: 'No hay feriados registrados para este año.' }}
        rowActions={(f) =>
          f.eliminable ? (
            <Button size="xs" variant="light" color="red" onClick={() => setRemoving(f)} aria-label={`Eliminar ${f.nombre} del ${formatDate(f.fecha)}`}>
              Eliminar
            </Button>
          ) : null
        }
      />

      {calendar.data && calendar.data.eliminados.length > 0 && <RemovedLog items={calendar.data.eliminados} />}

      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Eliminar feriado"
        message={removing ? `¿Eliminar «${removing.nombre}» del ${formatDate(removing.fecha)}? Ese día vuelve a ser hábil: los turnos planificados se evaluarán como un día normal.` : null}
        confirmLabel="Eliminar feriado"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}

/** The company's holidays of the year that were removed: the log of who removed what and when. */
function RemovedLog({ items }: { items: FeriadoEliminado[] }) {
  return (
    <SectionCard title="Feriados eliminados" description="El registro de los feriados de la empresa que se quitaron del calendario.">
      <ul className={classes.log}>
        {items.map((f) => (
          <li key={f.id}>
            <Text span fw={600} size="sm">
              {formatDate(f.fecha)}
            </Text>{' '}
            {f.nombre}: eliminado{f.eliminadoPor ? ` por ${f.eliminadoPor}` : ''} el {formatDateTime(f.eliminadoEn)}.
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
