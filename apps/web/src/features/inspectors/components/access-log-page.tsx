import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Text } from '@mantine/core';
import { EVENTO_ACCESO_FISCALIZADOR_LABELS, type AccesoFiscalizador } from '@jornada/contracts';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { EsDatesProvider } from '../../../lib/dates';
import { useAccessLog } from '../api/access-log';
import classes from './access-log-page.module.css';

const FILTERS = ['desde', 'hasta'] as const;

const stamp = new Intl.DateTimeFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Santiago',
});
/** `dd-mm-aaaa hh:mm:ss` (Chile continental) of an instant. */
function when(iso: string): string {
  const p = Object.fromEntries(stamp.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

const COLUMNS: Column<AccesoFiscalizador>[] = [
  { key: 'instante', header: 'Fecha y hora', nowrap: true, primary: true, cell: (a) => when(a.instante) },
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
  const invalidRange = Boolean(table.filters.desde && table.filters.hasta && table.filters.hasta < table.filters.desde);

  return (
    <EsDatesProvider>
      <PageHeader
        title="Accesos de fiscalizadores"
        description="Cada ingreso de un fiscalizador de la Dirección del Trabajo a los registros de la empresa y cada consulta que hizo: fecha, hora, correo, RUT, RUT consultado y dirección IP. Los fiscalizadores solo pueden leer."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Accesos de fiscalizadores' }]}
      />
      <FilterBar
        search={{ label: 'Buscar fiscalizador', placeholder: 'Correo, nombre o RUT', value: table.search, onChange: table.setSearch }}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <DateField name="desde" label="Desde" size="sm" value={table.filters.desde || null} onChange={(v) => table.setFilter('desde', v)} />
        <DateField
          name="hasta"
          label="Hasta"
          size="sm"
          value={table.filters.hasta || null}
          onChange={(v) => table.setFilter('hasta', v)}
          minDate={table.filters.desde || undefined}
          error={invalidRange ? 'La fecha final es anterior a la inicial.' : undefined}
        />
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
