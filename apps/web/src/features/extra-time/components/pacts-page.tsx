import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Button, Text } from '@mantine/core';
import { ESTADOS_PACTO, type Pacto } from '@jornada/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { IconDownload, IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { WorkerFilter } from '../../../components/worker-filter';
import { errorMessage } from '../../../lib/api-client';
import { EsDatesProvider } from '../../../lib/dates';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useGroupOptions } from '../../../lib/entity-options';
import { useDeletePact, useDownloadPactDocument, usePacts } from '../api/overtime';
import classes from './extra-time.module.css';
import { formatMinutes, PACTO_LABELS, PactStatus } from './labels';
import { PactFormDialog } from './pact-form-dialog';

const FILTERS = ['usuarioId', 'grupoId', 'estado', 'venceEnDias'] as const;
const ESTADO_OPTIONS = ESTADOS_PACTO.map((estado) => ({ value: estado, label: PACTO_LABELS[estado] }));
const VENCE_OPTIONS = [
  { value: '7', label: 'En 7 días' },
  { value: '14', label: 'En 14 días' },
  { value: '30', label: 'En 30 días' },
];

export function DocumentButton({ pacto }: { pacto: Pacto }) {
  const download = useDownloadPactDocument();
  if (!pacto.documento) {
    return (
      <Text size="sm" c="dimmed">
        Sin documento
      </Text>
    );
  }
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconDownload size={14} />}
      loading={download.isPending}
      onClick={() => download.mutate(pacto, { onError: (error) => notify.error(errorMessage(error)) })}
      aria-label={`Descargar el pacto firmado de ${pacto.usuario.nombre} ${pacto.usuario.apellidos}`}
    >
      {pacto.documento.nombre}
    </Button>
  );
}

export const vigenciaText = (p: Pacto) => `${formatDate(p.desde)} al ${formatDate(p.hasta)}`;
/** «Pago», or «Días de feriado» with the date the agreement was signed (art. 32 inc. 4). */
const compensacionText = (p: Pacto) => (p.compensacion === 'feriado' ? `Días de feriado${p.firmadoEl ? ` (firmado el ${formatDate(p.firmadoEl)})` : ''}` : 'Pago');

/**
 * `/dashboard/extra-time/pacts`: the overtime pacts of the workers one manages (a supervisor: the
 * groups they lead): register, edit, renew or delete them and keep the signed document.
 */
export function PactsPage() {
  const { user } = useSession();
  const table = useTableParams({ filters: FILTERS });
  const pacts = usePacts(table.query);
  const groups = useGroupOptions();
  const [form, setForm] = useState<{ pacto?: Pacto; renew?: Pacto } | null>(null);
  const [deleting, setDeleting] = useState<Pacto | null>(null);
  const remove = useDeletePact();

  const columns: Column<Pacto>[] = [
    {
      key: 'trabajador',
      header: 'Trabajador',
      primary: true,
      cell: (p) => (
        <div className={classes.cell}>
          <Text size="sm" fw={600}>
            {p.usuario.nombre} {p.usuario.apellidos}
          </Text>
          <Text size="xs" c="dimmed">
            {p.usuario.rut}
            {p.usuario.grupo ? ` · ${p.usuario.grupo.nombre}` : ''}
          </Text>
        </div>
      ),
    },
    { key: 'vigencia', header: 'Vigencia', nowrap: true, cell: vigenciaText },
    { key: 'maximo', header: 'Máximo por día', nowrap: true, cell: (p) => formatMinutes(p.maxMinutosDia) },
    { key: 'compensacion', header: 'Compensación', nowrap: true, cell: compensacionText },
    { key: 'estado', header: 'Estado', nowrap: true, cell: (p) => <PactStatus estado={p.estado} diasRestantes={p.diasRestantes} /> },
    { key: 'documento', header: 'Pacto firmado', hideOnMobile: true, cell: (p) => <DocumentButton pacto={p} /> },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      notify.success('Pacto eliminado.');
      setDeleting(null);
    } catch (failure) {
      notify.error(errorMessage(failure));
      setDeleting(null);
    }
  };

  return (
    <EsDatesProvider>
      <PageHeader
        title="Pactos de horas extra"
        description={
          user.perfil === 'supervisor'
            ? 'Pactos de las personas de los grupos que lideras. Las horas extra sin un pacto vigente se pagan igual, pero son un incumplimiento del empleador.'
            : 'Pactos escritos de horas extra de la empresa: como máximo 3 meses, renovables, y hasta 2 horas por día.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Horas extra', to: '/dashboard/extra-time/approvals' }, { label: 'Pactos' }]}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setForm({})}>
            Nuevo pacto
          </Button>
        }
      />
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} />
        <FilterSelect label="Grupo" data={groups} value={table.filters.grupoId} onChange={(v) => table.setFilter('grupoId', v)} />
        <FilterSelect label="Estado" data={ESTADO_OPTIONS} value={table.filters.estado} onChange={(v) => table.setFilter('estado', v)} />
        <FilterSelect label="Vencen" data={VENCE_OPTIONS} value={table.filters.venceEnDias} onChange={(v) => table.setFilter('venceEnDias', v)} placeholder="Cuando sea" />
      </FilterBar>
      <DataTable
        caption="Pactos de horas extra"
        columns={columns}
        rows={pacts.data?.items}
        rowKey={(row) => row.id}
        loading={pacts.isPending}
        fetching={pacts.isFetching && !pacts.isPending}
        error={pacts.error}
        onRetry={() => void pacts.refetch()}
        page={table.page}
        pageSize={pacts.data?.pageSize ?? table.pageSize}
        total={pacts.data?.total}
        onPageChange={table.setPage}
        rowActions={(row) =>
          row.puedeEditar ? (
            <div className={classes.actions}>
              <Button size="xs" variant="default" onClick={() => setForm({ pacto: row })} aria-label={`Editar el pacto de ${row.usuario.nombre} ${row.usuario.apellidos}`}>
                Editar
              </Button>
              {row.estado !== 'futuro' && (
                <Button size="xs" variant="light" onClick={() => setForm({ renew: row })} aria-label={`Renovar el pacto de ${row.usuario.nombre} ${row.usuario.apellidos}`}>
                  Renovar
                </Button>
              )}
              <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(row)} aria-label={`Eliminar el pacto de ${row.usuario.nombre} ${row.usuario.apellidos}`}>
                Eliminar
              </Button>
            </div>
          ) : null
        }
        empty={
          table.filtered
            ? {
                title: 'Ningún pacto coincide con los filtros',
                description: 'Prueba con otro trabajador, grupo o estado, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : {
                title: 'Aún no hay pactos de horas extra',
                description: 'Registra el pacto firmado de cada trabajador que hará horas extra: sin él, las horas extra se pagan igual, pero son un incumplimiento del empleador (art. 32).',
                action: (
                  <Button leftSection={<IconPlus size={18} />} onClick={() => setForm({})}>
                    Nuevo pacto
                  </Button>
                ),
              }
        }
      />
      <PactFormDialog opened={form !== null} onClose={() => setForm(null)} pacto={form?.pacto ?? null} renew={form?.renew ?? null} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Eliminar pacto"
        message={deleting ? `El pacto de ${deleting.usuario.nombre} ${deleting.usuario.apellidos} del ${vigenciaText(deleting)} se eliminará con su documento.` : ''}
        confirmLabel="Eliminar pacto"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </EsDatesProvider>
  );
}
