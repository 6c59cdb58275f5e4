import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Switch, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  actualizarConfiguracionAlertasBodySchema,
  TIPO_ALERTA_LABELS,
  TIPOS_ALERTA,
  type AlertaEnviada,
  type ConfiguracionAlertas,
} from '@jornada/contracts';
import { uncompensatedRestText } from '@jornada/domain';
import { Controller, useForm } from 'react-hook-form';
import { DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTimeSeconds } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useAlertSettings, useSentAlerts, useUpdateAlertSettings } from '../api/alerts';
import grid from '../../../components/form-grid.module.css';
import classes from './alerts-page.module.css';

const SWITCHES: { name: keyof ConfiguracionAlertas; label: string; description: string }[] = [
  {
    name: 'marcaOmitida',
    label: 'Entrada o salida no registrada',
    description: 'A los 30 minutos de la hora planificada de entrada o de salida sin la marca. La salida se avisa solo si hubo entrada; un permiso aprobado la cancela.',
  },
  {
    name: 'colacionOmitida',
    label: 'Colación no registrada',
    description: 'A los 30 minutos del inicio o del fin de una colación de horario fijo sin la marca. Las colaciones de minutos libres no tienen hora esperada.',
  },
  {
    name: 'limiteDiario',
    label: 'Jornada diaria sobre el máximo legal',
    description: 'Cuando el tiempo trabajado de un día supera las 10 horas de jornada ordinaria (o las que fije la resolución de jornada excepcional).',
  },
  {
    name: 'limiteSemanal',
    label: 'Jornada semanal sobre el máximo legal',
    description: 'Cuando el tiempo trabajado de la semana (lunes a domingo) supera el máximo legal vigente según la Ley 21.561: 44 horas, 42 desde el 26-04-2026 y 40 desde el 26-04-2028.',
  },
  {
    name: 'descansoCompensatorio',
    label: 'Descanso compensatorio no otorgado',
    description:
      'Cuando un trabajador exceptuado del descanso dominical trabajó un domingo o festivo que le da un día de descanso (art. 38 inc. 3) y no lo tuvo en los 7 días siguientes: un día libre planificado compensa el domingo; el festivo, solo un permiso «Descanso compensatorio (art. 38)» de día completo.',
  },
];

const FIELDS = ['marcaOmitida', 'colacionOmitida', 'limiteDiario', 'limiteSemanal', 'descansoCompensatorio', 'copiaAdministradores'] as const;

function hms(seconds: number | null): string {
  const total = Math.round(seconds ?? 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

function detail(a: AlertaEnviada): string {
  if (a.esperadaEn) return `Esperada el ${formatDateTimeSeconds(a.esperadaEn, a.zonaHoraria)}`;
  if (a.tipo === 'descanso_compensatorio') return uncompensatedRestText(a.trabajador.nombre, a.fecha);
  const period = a.tipo === 'limite_semanal' ? `Semana del ${formatDate(a.fecha)}` : formatDate(a.fecha);
  return `${period}: ${hms(a.segundosTrabajados)} trabajadas (máximo ${hms(a.segundosLimite)})`;
}

const COLUMNS: Column<AlertaEnviada>[] = [
  { key: 'detectadaEn', header: 'Emitida', nowrap: true, primary: true, cell: (a) => formatDateTimeSeconds(a.detectadaEn, a.zonaHoraria) },
  {
    key: 'trabajador',
    header: 'Trabajador',
    cell: (a) => (
      <div className={classes.stack}>
        <Text size="sm" fw={600}>
          {a.trabajador.nombre}
        </Text>
        <Text size="xs" c="dimmed">
          RUT {a.trabajador.rut}
        </Text>
      </div>
    ),
  },
  {
    key: 'tipo',
    header: 'Alerta',
    cell: (a) => (
      <div className={classes.stack}>
        <Text size="sm">{TIPO_ALERTA_LABELS[a.tipo]}</Text>
        <Text size="xs" c="dimmed">
          {detail(a)}
        </Text>
      </div>
    ),
  },
  {
    key: 'destinatario',
    header: 'Enviada a',
    cell: (a) => (
      <div className={classes.stack}>
        <Text size="sm" className={classes.address}>
          {a.destinatario ?? '—'}
        </Text>
        {a.copias.length > 0 && (
          <Text size="xs" c="dimmed" className={classes.address}>
            Copia: {a.copias.join(', ')}
          </Text>
        )}
      </div>
    ),
  },
  {
    key: 'enviadaEn',
    header: 'Estado',
    nowrap: true,
    cell: (a) => (
      <Badge variant="light" color={a.enviadaEn ? 'jornada' : 'yellow'} size="sm" className={classes.badge}>
        {a.enviadaEn ? 'Enviada' : 'En cola'}
      </Badge>
    ),
  },
];

function SettingsForm({ settings }: { settings: ConfiguracionAlertas }) {
  const mutation = useUpdateAlertSettings();
  const form = useForm<ConfiguracionAlertas>({ values: settings, resolver: zodResolver(actualizarConfiguracionAlertasBodySchema) });
  const { control, formState } = form;

  const submit = async (values: ConfiguracionAlertas) => {
    try {
      await mutation.mutateAsync(values);
      notify.success('Configuración de alertas guardada.');
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  };

  const toggle = (name: keyof ConfiguracionAlertas, label: string, description: string) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          name={name}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          error={formState.errors[name]?.message}
          size="md"
        />
      )}
    />
  );

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label="Configuración de alertas">
      <SectionCard
        title="Alertas que se envían"
        description="Cada alerta se envía una sola vez por correo al correo personal del trabajador, con copia a los líderes de su grupo. Fechas y horas en la zona horaria de su sede."
      >
        <div className={classes.switches}>{SWITCHES.map((s) => toggle(s.name, s.label, s.description))}</div>
      </SectionCard>
      <div className={classes.gap} />
      <SectionCard title="Copias" description="Los líderes del grupo del trabajador siempre reciben copia.">
        {toggle('copiaAdministradores', 'Enviar copia a los administradores de la empresa', 'Todos los usuarios activos con perfil administrador reciben copia de cada alerta.')}
      </SectionCard>
      <div className={grid.actions}>
        <Button variant="default" onClick={() => form.reset(settings)} disabled={!formState.isDirty || mutation.isPending}>
          Descartar cambios
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Guardar cambios
        </Button>
      </div>
    </form>
  );
}

const TIPO_OPTIONS = TIPOS_ALERTA.map((value) => ({ value, label: TIPO_ALERTA_LABELS[value] }));

function SentAlerts() {
  const table = useTableParams({ filters: ['tipo'] as const });
  const { q: _q, ...query } = table.query as Record<string, string | number>;
  const sent = useSentAlerts(query);
  return (
    <SectionCard title="Alertas enviadas" description="Las más recientes primero.">
      <FilterBar activeCount={table.activeCount} onClear={table.clear} canClear={table.filtered}>
        <FilterSelect
          className={classes.filter}
          label="Alerta"
          data={TIPO_OPTIONS}
          value={table.filters.tipo}
          onChange={(value) => table.setFilter('tipo', value ?? '')}
          placeholder="Todas"
        />
      </FilterBar>
      <DataTable
        caption="Alertas enviadas"
        columns={COLUMNS}
        rows={sent.data?.items}
        rowKey={(row) => row.id}
        loading={sent.isPending}
        fetching={sent.isFetching && !sent.isPending}
        error={sent.error}
        onRetry={() => void sent.refetch()}
        page={table.page}
        pageSize={sent.data?.pageSize ?? table.pageSize}
        total={sent.data?.total}
        onPageChange={table.setPage}
        empty={
          table.filtered
            ? {
                title: 'Ninguna alerta coincide con el filtro',
                description: 'Prueba con otro tipo de alerta o limpia el filtro.',
                action: (
                  <Button variant="light" onClick={table.clear}>
                    Limpiar filtros
                  </Button>
                ),
              }
            : {
                title: 'Todavía no se ha enviado ninguna alerta',
                description: 'Cuando falte una marca planificada o el tiempo trabajado supere un máximo legal, la alerta enviada aparecerá aquí.',
              }
        }
      />
    </SectionCard>
  );
}

/**
 * `/dashboard/settings/alerts`: the alerts of DT Res. Exenta 38 the company sends (each on or off, a
 * copy to the administrators or not) and the log of the alerts sent.
 */
export function AlertsSettingsPage() {
  const settings = useAlertSettings();
  return (
    <>
      <PageHeader
        title="Alertas de asistencia"
        description="La Resolución Exenta N° 38 de 2024 de la Dirección del Trabajo pide avisar al trabajador, con copia al empleador, cuando falta una marca y cuando se superan los límites legales de jornada."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Configuración' }, { label: 'Alertas' }]}
      />
      {settings.isPending ? (
        <SectionCard>
          <BlockSkeleton lines={6} label="Cargando la configuración de alertas" />
        </SectionCard>
      ) : settings.isError ? (
        <SectionCard>
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
        </SectionCard>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
      <div className={classes.gap} />
      <SentAlerts />
    </>
  );
}
