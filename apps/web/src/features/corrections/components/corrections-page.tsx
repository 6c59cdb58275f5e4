import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Text.css';
import { Button, Text } from '@mantine/core';
import { ESTADO_CORRECCION_LABELS, ESTADOS_CORRECCION, type Correccion } from '@jornada/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { EsDatesProvider } from '../../../lib/dates';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCorrections } from '../api/corrections';
import { WorkerFilter } from '../../../components/worker-filter';
import { CorrectionActionDialog, correctedValue, type CorrectionAction } from './correction-action-dialog';
import { ActionButtons, CorrectionDetail, StatusBadge } from './correction-detail';
import { countdownText, useNow } from './deadline';
import classes from './corrections-page.module.css';
import { DateRangeFilter } from '../../../components/date-range-filter';

const FILTERS = ['estado', 'usuarioId', 'desde', 'hasta'] as const;
const ESTADO_OPTIONS = ESTADOS_CORRECCION.map((estado) => ({ value: estado, label: ESTADO_CORRECCION_LABELS[estado] }));

/**
 * `/dashboard/corrections`: corrections of marks (DT Res. Ex. 38). A worker sees theirs, with the time
 * left to object, and objects or accepts; administrators see the company's (supervisors, the groups they
 * lead), filter them, follow their state and annul pending ones. `?correccion=<id>` (the e-mail's link)
 * opens one with its history.
 */
export function CorrectionsPage() {
  const { user } = useSession();
  const employer = user.perfil === 'administrador' || user.perfil === 'supervisor';
  const table = useTableParams({ filters: FILTERS });
  const corrections = useCorrections(table.query);
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const openId = params.get('correccion') ?? '';
  const [acting, setActing] = useState<{ correction: Correccion; action: CorrectionAction } | null>(null);

  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('correccion', id);
        else next.delete('correccion');
        return next;
      },
      { replace: !id },
    );

  const act = (correction: Correccion, action: CorrectionAction) => {
    setOpen(null);
    setActing({ correction, action });
  };

  const columns: Column<Correccion>[] = [
    {
      key: 'marca',
      header: 'Marca corregida',
      primary: true,
      cell: (c) => (
        <div className={classes.cell}>
          <Text size="sm" fw={600}>
            {c.tipoEtiqueta}
          </Text>
          <Text size="sm">
            {c.fecha.split('-').reverse().join('-')} {c.hora}
          </Text>
        </div>
      ),
    },
    {
      key: 'estado',
      header: 'Estado y plazo',
      cell: (c) => (
        <div className={classes.cell}>
          <StatusBadge correction={c} />
          {c.estado === 'pendiente' ? (
            <>
              <Text size="sm" fw={600}>
                {countdownText(c.plazo, now)}
              </Text>
              <Text size="xs" c="dimmed">
                Para objetar: hasta el {formatDateTime(c.plazo)}
              </Text>
            </>
          ) : (
            <Text size="xs" c="dimmed">
              {c.resueltaEn ? `${c.estadoEtiqueta} el ${formatDateTime(c.resueltaEn)}` : '—'}
            </Text>
          )}
        </div>
      ),
    },
    ...(employer
      ? [
          {
            key: 'trabajador',
            header: 'Trabajador',
            cell: (c: Correccion) => (
              <div className={classes.cell}>
                <Text size="sm" fw={600}>
                  {c.trabajador.nombre}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.trabajador.rut}
                </Text>
              </div>
            ),
          },
        ]
      : []),
    {
      key: 'original',
      header: 'Valor original',
      cell: (c) => (
        <Text size="sm" className={classes.original}>
          {c.original.descripcion}
        </Text>
      ),
    },
    {
      key: 'motivo',
      header: 'Motivo',
      cell: (c) => (
        <div className={`${classes.cell} ${classes.note}`}>
          <Text size="sm">{c.motivo}</Text>
          <Text size="xs" c="dimmed">
            Pedida por {c.solicitadoPor.nombre} el {formatDateTime(c.creadaEn)}
          </Text>
          {c.objecion && (
            <Text size="xs" c="red.9">
              Objeción: {c.objecion}
            </Text>
          )}
          {c.anulacion && (
            <Text size="xs" c="dimmed">
              Anulación: {c.anulacion}
            </Text>
          )}
        </div>
      ),
    },
  ];

  return (
    <EsDatesProvider>
      <PageHeader
        title="Correcciones"
        description={
          employer
            ? user.perfil === 'supervisor'
              ? 'Correcciones de marcas de las personas de los grupos que lideras, y las tuyas. Cada trabajador tiene 48 horas para objetar; sin objeción, la marca se registra.'
              : 'Correcciones de marcas de la empresa. Cada trabajador tiene 48 horas para objetar; sin objeción, la marca se registra; con objeción, se mantiene el registro original.'
            : 'Correcciones de tus marcas propuestas por tu empleador. Tienes 48 horas para objetar cada una: si no respondes, la marca se registra; si la objetas, se mantiene tu registro original.'
        }
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Correcciones' }]}
        actions={
          employer && (
            <Button component={Link} to="/dashboard/marking-attempts?agregar=1" leftSection={<IconPlus size={18} />}>
              Agregar marca faltante
            </Button>
          )
        }
      />
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <FilterSelect
          label="Estado"
          data={ESTADO_OPTIONS}
          value={table.filters.estado}
          onChange={(v) => table.setFilter('estado', v)}
        />
        {employer && <WorkerFilter value={table.filters.usuarioId} onChange={(v) => table.setFilter('usuarioId', v)} />}
        <DateRangeFilter desde={table.filters.desde} hasta={table.filters.hasta} onChange={(name, v) => table.setFilter(name, v)} />
      </FilterBar>
      <DataTable
        caption="Correcciones"
        columns={columns}
        rows={corrections.data?.items}
        rowKey={(row) => row.id}
        loading={corrections.isPending}
        fetching={corrections.isFetching && !corrections.isPending}
        error={corrections.error}
        onRetry={() => void corrections.refetch()}
        page={table.page}
        pageSize={corrections.data?.pageSize ?? table.pageSize}
        total={corrections.data?.total}
        onPageChange={table.setPage}
        rowActions={(row) => (
          <div className={classes.actions}>
            <Button size="xs" variant="default" onClick={() => setOpen(row.id)} aria-label={`Ver detalle de la corrección de ${correctedValue(row).toLowerCase()}`}>
              Ver detalle
            </Button>
            <ActionButtons correction={row} onAction={(action) => act(row, action)} />
          </div>
        )}
        empty={
          table.filtered
            ? {
                title: 'Ninguna corrección coincide con los filtros',
                description: 'Prueba con otro estado o periodo, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : employer
              ? {
                  title: 'No hay correcciones',
                  description: 'Corrige un intento de marcaje o agrega una marca faltante: el trabajador recibirá un correo y tendrá 48 horas para objetarla.',
                }
              : { title: 'No tienes correcciones', description: 'Si tu empleador propone corregir una de tus marcas, te llegará un correo y aparecerá aquí.' }
        }
      />
      <CorrectionDetail id={openId} onClose={() => setOpen(null)} onAction={act} />
      <CorrectionActionDialog correction={acting?.correction ?? null} action={acting?.action ?? null} onClose={() => setActing(null)} />
    </EsDatesProvider>
  );
}
