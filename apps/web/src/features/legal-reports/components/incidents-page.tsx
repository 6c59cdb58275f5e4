import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Text, Textarea } from '@mantine/core';
import { incidenteBodySchema, type Incidente } from '@jornada/contracts';
import { useState } from 'react';
import { DataTable, useTableParams, type Column } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { TimeField } from '../../../components/time-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTimeSeconds } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useDecideIncident, useIncidents, useSaveIncident } from '../api/legal-reports';
import classes from './legal-reports.module.css';

const STATE_LABELS: Record<Incidente['estado'], { label: string; color: string }> = {
  propuesto: { label: 'Propuesto por el sistema', color: 'orange' },
  confirmado: { label: 'Confirmado', color: 'jornada' },
  descartado: { label: 'Descartado', color: 'gray' },
};

/** `aaaa-mm-ddThh:mm:ss` in the browser's zone, for the date and time fields. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
/** The instant of `aaaa-mm-ddThh:mm:ss` in the browser's zone; what cannot be one stays as typed for the schema to refuse. */
function fromLocalInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return value === 'T' ? '' : value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** A date (dd-mm-aaaa) and a 24-hour time (hh:mm:ss) editing one `aaaa-mm-ddThh:mm:ss` value. */
function InstantFields({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  const [fecha = '', hora = ''] = value.split('T');
  const name = label.toLowerCase();
  return (
    <>
      <DateField label={`Fecha de ${name}`} name={`fecha-${name}`} size="sm" value={fecha || null} onChange={(next) => onChange(`${next ?? ''}T${hora}`)} error={error} />
      <TimeField label={`Hora de ${name}`} name={`hora-${name}`} size="sm" withSeconds value={hora} onChange={(next) => onChange(`${fecha}T${next}`)} />
    </>
  );
}

interface Draft {
  id: string | null;
  inicio: string;
  fin: string;
  descripcion: string;
}
const EMPTY: Draft = { id: null, inicio: '', fin: '', descripcion: '' };

/**
 * `/dashboard/settings/incidents`: the technical-incidents log of DT Res. Ex. 38 (legal report f).
 * The administrator adds and corrects incidents (start, end, description; the duration follows); an
 * outage the system detected waits here, first, to be confirmed or discarded.
 */
export function IncidentsPage() {
  const table = useTableParams({ filters: [] as const });
  const list = useIncidents(table.query);
  const save = useSaveIncident();
  const decide = useDecideIncident();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { inicio: fromLocalInput(draft.inicio), fin: fromLocalInput(draft.fin), descripcion: draft.descripcion };
    const parsed = incidenteBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.path[0] === 'inicio' || i.path[0] === 'fin' ? (body[i.path[0]] ? i.message : 'Ingresa la fecha y hora.') : i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: draft.id, body: parsed.data },
      {
        onSuccess: () => {
          notify.success(draft.id ? 'Incidente actualizado.' : 'Incidente registrado.');
          setDraft(EMPTY);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  const columns: Column<Incidente>[] = [
    { key: 'inicio', header: 'Inicio', nowrap: true, primary: true, cell: (i) => formatDateTimeSeconds(i.inicio) },
    { key: 'fin', header: 'Fin', nowrap: true, cell: (i) => formatDateTimeSeconds(i.fin) },
    { key: 'duracion', header: 'Duración', nowrap: true, cell: (i) => i.duracion },
    { key: 'descripcion', header: 'Descripción', cell: (i) => i.descripcion },
    {
      key: 'estado',
      header: 'Estado',
      nowrap: true,
      cell: (i) => (
        <Badge variant="light" color={STATE_LABELS[i.estado].color} size="sm">
          {STATE_LABELS[i.estado].label}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Incidentes técnicos"
        description="El registro de incidentes técnicos que exige la Dirección del Trabajo: inicio, fin, duración y descripción. Aparece en el reporte legal f). Las interrupciones que el sistema detecta se proponen aquí para que las confirmes o descartes."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Incidentes técnicos' }]}
      />
      {(list.data?.propuestos ?? 0) > 0 && (
        <Text role="status" size="sm" fw={600} c="orange.9">
          {list.data!.propuestos === 1 ? 'Hay 1 interrupción detectada por el sistema' : `Hay ${list.data!.propuestos} interrupciones detectadas por el sistema`} esperando tu confirmación.
        </Text>
      )}
      <form className={classes.form} onSubmit={submit} noValidate aria-label={draft.id ? 'Corregir incidente' : 'Registrar incidente'}>
        <InstantFields label="Inicio" value={draft.inicio} onChange={(inicio) => setDraft({ ...draft, inicio })} error={errors.inicio} />
        <InstantFields label="Fin" value={draft.fin} onChange={(fin) => setDraft({ ...draft, fin })} error={errors.fin} />
        <Textarea
          className={classes.formWide}
          label="Descripción"
          size="sm"
          autosize
          minRows={2}
          maxLength={2000}
          value={draft.descripcion}
          onChange={(e) => setDraft({ ...draft, descripcion: e.currentTarget.value })}
          error={errors.descripcion}
        />
        <div className={classes.formActions}>
          <Button type="submit" loading={save.isPending}>
            {draft.id ? 'Guardar cambios' : 'Registrar incidente'}
          </Button>
          {draft.id && (
            <Button variant="default" onClick={() => setDraft(EMPTY)}>
              Cancelar
            </Button>
          )}
        </div>
      </form>
      <DataTable
        caption="Incidentes técnicos"
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={table.page}
        pageSize={list.data?.pageSize ?? table.pageSize}
        total={list.data?.total}
        onPageChange={table.setPage}
        empty={{ title: 'Sin incidentes técnicos registrados', description: 'Registra aquí cada falla del sistema de asistencia: cuándo empezó, cuándo terminó y qué pasó.' }}
        rowActions={(i) => (
          <div className={classes.actions}>
            {i.estado === 'propuesto' && (
              <>
                <Button size="xs" onClick={() => decide.mutate({ id: i.id, decision: 'confirmado' }, { onSuccess: () => notify.success('Incidente confirmado.'), onError: (e) => notify.error(errorMessage(e)) })}>
                  Confirmar
                </Button>
                <Button size="xs" variant="default" onClick={() => decide.mutate({ id: i.id, decision: 'descartado' }, { onSuccess: () => notify.success('Propuesta descartada.'), onError: (e) => notify.error(errorMessage(e)) })}>
                  Descartar
                </Button>
              </>
            )}
            {i.estado !== 'descartado' && (
              <Button size="xs" variant="light" onClick={() => setDraft({ id: i.id, inicio: toLocalInput(i.inicio), fin: toLocalInput(i.fin), descripcion: i.descripcion })}>
                Editar
              </Button>
            )}
          </div>
        )}
      />
    </>
  );
}
