import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Text } from '@mantine/core';
import { EVENTO_ACCESO_FISCALIZADOR_LABELS, type AccesoFiscalizador } from '@jornada/contracts';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { EsDatesProvider } from '../../../lib/dates';
import { useAccessLog } from '../api/access-log';
import classes from './access-log-page.module.css';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { formatDateTimeSeconds } from '../../../lib/format';

const FILTERS = ['desde', 'hasta'] as const;

const COLUMNS: Column<AccesoFiscalizador>[] = [
  { key: 'instante', header: 'Fecha y hora', nowrap: true, primary: true, cell: (a) => formatDateTimeSeconds(a.instante) },
  {
    key: 'fiscalizador',
    header: 'Fiscalizador',
    cell: (a) => (
      <div className={classes.stack}>
        <Text size="sm" fw={600}>
          {a.fiscalizador.nombre} {a.fiscalizador.apellidos}
        </Text>
        <Text size="xs" c="dimmed">
          RUT {a.fiscalizador.rut} · {a.fiscalizador.email}
        </Text>
        {!a.conClaveTemporal && (
          <Text size="xs" c="dimmed">
            Usuario de la empresa
          </Text>
        )}
      </div>
    ),
  },
  {
    key: 'accion',
    header: 'Acción',
    cell: (a) => (
      <div className={classes.stack}>
        <Text size="sm">{a.evento === 'consulta' ? `${EVENTO_ACCESO_FISCALIZADOR_LABELS.consulta} ${a.metodo ?? ''}` : EVENTO_ACCESO_FISCALIZADOR_LABELS.acceso_empleador}</Text>
        {a.evento === 'consulta' && a.recurso && (
          <Text size="xs" c="dimmed" className={classes.path} title={a.recurso}>
            {a.recurso}
          </Text>
        )}
      </div>
    ),
  },
  { key: 'empresaRut', header: 'RUT consultado', nowrap: true, cell: (a) => a.empresaRut },
  {
    key: 'permitido',
    header: 'Resultado',
    nowrap: true,
    cell: (a) => (
      <Badge variant="light" color={a.permitido ? 'jornada' : 'red'} size="sm" className={classes.badge}>
        {a.permitido ? 'Permitida' : 'Rechazada'}
      </Badge>
    ),
  },
  { key: 'ip', header: 'Dirección IP', nowrap: true, cell: (a) => a.ip ?? '—' },
];

/**
 * `/dashboard/settings/inspections`: every access of a labour inspector to the company (the moment they
 * chose it and each request they made), newest first, with the date filter and server pagination.
 */
export function AccessLogPage() {
  const table = useTableParams({ filters: FILTERS });
  const log = useAccessLog(table.query);

  return (
    <EsDatesProvider>
      <PageHeader
        title="Accesos de fiscalizadores"
        description="Cada ingreso de un fiscalizador de la Dirección del Trabajo a los registros de la empresa y cada consulta que hizo: fecha, hora, correo, RUT, RUT consultado y dirección IP. Los fiscalizadores solo pueden leer."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Accesos de fiscalizadores' }]}
      />
      <FilterBar
        search={{ label: 'Buscar fiscalizador', placeholder: 'Correo, nombre o RUT', value: table.search, onChange: table.setSearch }}
        activeCount={table.activeCount}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <DateRangeFilter desde={table.filters.desde} hasta={table.filters.hasta} onChange={(name, v) => table.setFilter(name, v)} />
      </FilterBar>
      <DataTable
        caption="Accesos de fiscalizadores"
        columns={COLUMNS}
        rows={log.data?.items}
        rowKey={(row) => row.id}
        loading={log.isPending}
        fetching={log.isFetching && !log.isPending}
        error={log.error}
        onRetry={() => void log.refetch()}
        page={table.page}
        pageSize={log.data?.pageSize ?? table.pageSize}
        total={log.data?.total}
        onPageChange={table.setPage}
        empty={
          table.filtered
            ? {
                title: 'Ningún acceso coincide con los filtros',
                description: 'Prueba con otro periodo u otro fiscalizador, o limpia los filtros.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : {
                title: 'Ningún fiscalizador ha accedido a la empresa',
                description: 'Cuando un fiscalizador de la Dirección del Trabajo elija esta empresa, recibirás un correo y cada consulta que haga aparecerá aquí.',
              }
        }
      />
    </EsDatesProvider>
  );
}
