import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Drawer, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ESTADO_DIA_LABELS, type DetalleRemuneracion, type RemuneracionTrabajador } from '@jornada/contracts';
import { useState, type CSSProperties } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { countActiveFilters, DataTable, FilterBar, useTableParams, type Column } from '../../../components/data-table';
import { ExportButton } from '../../../components/export-button';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { BlockSkeleton, ErrorState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { formatClp, formatDate, formatDateTime, todayInChile } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useScopeOptions } from '../../../lib/entity-options';
import { usePeriodAction, useRemunerationDetail, useRemunerations } from '../api/remunerations';
import { CloseMonthDialog } from './close-month-dialog';
import classes from './remunerations.module.css';

const FILTERS = ['periodo', 'grupoId', 'sedeId', 'cargo'] as const;
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** `julio de 2026` */
function periodoLabel(periodo: string): string {
  return `${MONTHS[Number(periodo.slice(4, 6)) - 1]} de ${periodo.slice(0, 4)}`;
}

/** The 36 months up to the current one, newest first. */
function monthOptions(today: string): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  for (let i = 0; i < 36; i++) {
    const value = `${y}${String(m).padStart(2, '0')}`;
    const label = periodoLabel(value);
    out.push({ value, label: label.charAt(0).toUpperCase() + label.slice(1) });
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

/** Exact seconds as `2 h 05 min` (under a minute, seconds). */
function hoursMinutes(seconds: number): string {
  const abs = Math.round(seconds);
  if (abs > 0 && abs < 60) return `${abs} s`;
  const minutes = Math.floor(abs / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : `${h} h ${String(m).padStart(2, '0')} min`;
}

const money = (value: number | null) => (value === null ? 'Sin sueldo' : formatClp(value));

/** The figure a drill-down shows the days of. */
type Figure = 'todos' | 'trabajados' | 'ausencias' | 'faltante' | 'extra' | 'domingos' | 'permisos';
const FIGURES: { value: Figure; label: string }[] = [
  { value: 'todos', label: 'Todos los días' },
  { value: 'trabajados', label: 'Días trabajados' },
  { value: 'ausencias', label: 'Ausencias injustificadas' },
  { value: 'faltante', label: 'Atrasos y salidas anticipadas' },
  { value: 'extra', label: 'Horas extra' },
  { value: 'domingos', label: 'Domingos y festivos trabajados' },
  { value: 'permisos', label: 'Permisos' },
];

type Day = DetalleRemuneracion['dias'][number];
const DAY_FILTER: Record<Figure, (d: Day) => boolean> = {
  todos: (d) => d.enPeriodo,
  trabajados: (d) => d.enPeriodo && (d.estadoDia === 'presente' || d.estadoDia === 'incompleto'),
  ausencias: (d) => d.enPeriodo && d.estadoDia === 'ausente',
  // Lateness and early leave of the weeks settled in the month, also on their days before it.
  faltante: (d) => d.segundos.atraso > 0 || d.segundos.salidaAnticipada > 0,
  extra: (d) => d.segundos.extra > 0,
  domingos: (d) => d.enPeriodo && (d.segundos.domingo > 0 || d.segundos.feriado > 0),
  permisos: (d) => d.enPeriodo && (d.permiso !== null || d.permisosPorHoras.length > 0),
};

function FigureButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button type="button" className={classes.figure} onClick={onClick} aria-label={label} title="Ver los días detrás de esta cifra">
      {children}
    </button>
  );
}

function DetailDrawer({ periodo, row, figure, onFigure, onClose }: { periodo: string; row: RemuneracionTrabajador | null; figure: Figure; onFigure: (f: Figure) => void; onClose: () => void }) {
  const detail = useRemunerationDetail(periodo, row?.usuarioId ?? null);
  const data = detail.data;
  const days = data ? data.dias.filter(DAY_FILTER[figure]) : [];
  const showWeeks = figure === 'faltante' || figure === 'extra';
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="xl" title={row ? `${row.nombre} ${row.apellidos} · ${periodoLabel(periodo)}` : ''} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {row && (
        <div className={classes.stack}>
          <Select label="Cifra" data={FIGURES} value={figure} onChange={(v) => v && onFigure(v as Figure)} allowDeselect={false} size="sm" />
          {detail.isPending ? (
            <BlockSkeleton lines={6} label="Cargando los días" />
          ) : detail.error ? (
            <ErrorState error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
          ) : data ? (
            <>
              {showWeeks && (
                <div>
                  <Text fw={600} size="sm" mb={4}>
                    Semanas liquidadas en el mes (la compensación semanal ya aplicada)
                  </Text>
                  <table className={classes.mini}>
                    <caption className={classes.srOnly}>Semanas del mes</caption>
                    <thead>
                      <tr>
                        <th scope="col">Semana</th>
                        <th scope="col">Faltante</th>
                        <th scope="col">Descuento</th>
                        <th scope="col">Extra tras compensar</th>
                        <th scope="col">Sobre la jornada pactada</th>
                        <th scope="col">Confirmada</th>
                        <th scope="col">Pagada</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.semanas.map((w) => (
                        <tr key={w.lunes}>
                          <td>
                            {formatDate(w.lunes)} al {formatDate(w.domingo)}
                          </td>
                          <td>{hoursMinutes(w.faltanteSegundos)}</td>
                          <td>{money(w.faltanteValor)}</td>
                          <td>{hoursMinutes(w.extraNetaSegundos)}</td>
                          <td>{hoursMinutes(w.extraSobrePactadaSegundos)}</td>
                          <td>{w.extraAprobadaSegundos === null ? '—' : hoursMinutes(w.extraAprobadaSegundos)}</td>
                          <td>
                            {hoursMinutes(w.extraPagadaSegundos)} · {money(w.extraValor)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Text size="sm" c="dimmed">
                {days.length === 0 ? 'Ningún día del mes está detrás de esta cifra.' : `${days.length} ${days.length === 1 ? 'día' : 'días'}`}
              </Text>
              <ul className={classes.days} aria-label="Días">
                {days.map((d) => (
                  <li key={d.fecha} className={classes.day}>
                    <div className={classes.dayHead}>
                      <strong>{formatDate(d.fecha)}</strong>
                      <Badge variant="light" size="sm">
                        {ESTADO_DIA_LABELS[d.estadoDia]}
                      </Badge>
                      {!d.enPeriodo && (
                        <Badge variant="outline" size="sm" color="gray">
                          Mes anterior, semana liquidada en este mes
                        </Badge>
                      )}
                    </div>
                    <Text size="sm">
                      {d.turno ? `Turno ${d.turno.etiqueta}` : d.plan === 'libre' ? 'Libre' : 'Sin planificación'}
                      {d.horaEntrada || d.horaSalida ? ` · marcas ${d.horaEntrada ?? '—'} a ${d.horaSalida ?? '—'}` : ''}
                      {d.segundos.atraso > 0 ? ` · atraso ${hoursMinutes(d.segundos.atraso)}` : ''}
                      {d.segundos.salidaAnticipada > 0 ? ` · salida anticipada ${hoursMinutes(d.segundos.salidaAnticipada)}` : ''}
                      {d.segundos.extra + d.segundos.extraSobrePactada > 0
                        ? ` · extra ${hoursMinutes(d.segundos.extra + d.segundos.extraSobrePactada)}${d.segundos.extraSobrePactada > 0 ? ` (${hoursMinutes(d.segundos.extraSobrePactada)} sobre la jornada pactada)` : ''}, confirmada ${hoursMinutes(d.extraAprobadaSegundos)}`
                        : ''}
                      {d.feriado ? ` · ${d.feriado}` : ''}
                      {d.permiso ? ` · permiso ${d.permiso.tipo} ${d.permiso.pagado ? 'con goce' : 'sin goce'}` : ''}
                    </Text>
                    <details>
                      <summary>Explicación</summary>
                      <ul className={classes.explain}>
                        {d.explicacion.map((line, i) => (
                          <li key={i}>{line}</li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      )}
    </Drawer>
  );
}

/** Debounced free-text filter (the cargo). */
function CargoFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const debounced = useDebouncedCallback((next: string) => onChange(next.trim() || null), 400);
  return (
    <TextInput
      label="Cargo"
      size="sm"
      placeholder="Todos"
      value={text}
      name="cargo"
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
    />
  );
}

/**
 * `/dashboard/remunerations`: the pay variables of a month per worker (days worked, unjustified
 * absences, shortfall after the weekly compensation, approved overtime, Sundays and holidays worked,
 * permissions), with totals, the days behind each figure, the month's closing and the payroll exports.
 * Every figure comes from the API (the attendance evaluation); filters live in the URL.
 */
export function RemunerationsPage() {
  const today = todayInChile();
  const months = monthOptions(today);
  const table = useTableParams({ filters: FILTERS, pageSize: 50 });
  // The month that just ended is the one payroll processes.
  const periodo = /^\d{6}$/.test(table.filters.periodo) ? table.filters.periodo : months[1]!.value;
  const query: Record<string, string | number> = { ...table.query };
  delete query.periodo;
  const month = useRemunerations(periodo, query);
  const options = useScopeOptions();
  const action = usePeriodAction(periodo);
  const data = month.data?.periodo === periodo ? month.data : undefined;
  const [selected, setSelected] = useState<RemuneracionTrabajador | null>(null);
  const [figure, setFigure] = useState<Figure>('todos');
  // What the dialog confirms; kept while it closes so its text does not change mid-animation.
  const [kind, setKind] = useState<'cierre' | 'reapertura'>('cierre');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const ask = (next: 'cierre' | 'reapertura') => {
    setKind(next);
    setConfirmOpen(true);
  };
  const [motivo, setMotivo] = useState('');
  const open = (row: RemuneracionTrabajador, f: Figure) => {
    setFigure(f);
    setSelected(row);
  };
  const exportQuery = { ...query, page: undefined, pageSize: undefined };
  const estado = data?.estado;

  const run = async () => {
    try {
      await action.mutateAsync(kind === 'cierre' ? { kind: 'cierre' } : { kind: 'reapertura', motivo });
      notify.success(kind === 'cierre' ? `Cerraste ${periodoLabel(periodo)}.` : `Reabriste ${periodoLabel(periodo)}.`);
      setConfirmOpen(false);
      setMotivo('');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const name = (r: RemuneracionTrabajador) => `${r.nombre} ${r.apellidos}`;
  const columns: Column<RemuneracionTrabajador>[] = [
    {
      key: 'trabajador',
      header: 'Trabajador',
      primary: true,
      cell: (r) => (
        <div className={classes.who}>
          <button type="button" className={classes.link} onClick={() => open(r, 'todos')}>
            {name(r)}
          </button>
          <Text size="xs" c="dimmed">
            {r.rut} · contrato {r.numeroContrato}
            {r.cargo ? ` · ${r.cargo}` : ''}
          </Text>
          {r.alertas.map((a) => (
            <Text key={a.codigo} size="xs" className={classes.warn}>
              {a.mensaje}
            </Text>
          ))}
        </div>
      ),
    },
    {
      key: 'dias',
      header: 'Días trabajados',
      align: 'right',
      cell: (r) => (
        <FigureButton label={`Días trabajados de ${name(r)}: ${r.diasTrabajados}`} onClick={() => open(r, 'trabajados')}>
          {r.diasTrabajados}
          {r.diasPendientes > 0 && <span className={classes.sub}>{r.diasPendientes} incompletos</span>}
        </FigureButton>
      ),
    },
    {
      key: 'ausencias',
      header: 'Ausencias',
      align: 'right',
      cell: (r) => (
        <FigureButton label={`Ausencias de ${name(r)}: ${r.ausencias.dias}`} onClick={() => open(r, 'ausencias')}>
          {r.ausencias.dias}
          <span className={classes.sub}>{money(r.ausencias.valor)}</span>
        </FigureButton>
      ),
    },
    {
      key: 'faltante',
      header: 'Faltante semanal',
      align: 'right',
      cell: (r) => (
        <FigureButton label={`Faltante de ${name(r)}: ${hoursMinutes(r.faltante.segundos)}`} onClick={() => open(r, 'faltante')}>
          {hoursMinutes(r.faltante.segundos)}
          <span className={classes.sub}>{money(r.faltante.valor)}</span>
        </FigureButton>
      ),
    },
    {
      key: 'extra',
      header: 'Horas extra 50 %',
      align: 'right',
      cell: (r) => (
        <FigureButton label={`Horas extra de ${name(r)}: ${hoursMinutes(r.horasExtra.segundos)}`} onClick={() => open(r, 'extra')}>
          {hoursMinutes(r.horasExtra.segundos)}
          <span className={classes.sub}>{money(r.horasExtra.valor)}</span>
          {r.horasExtra.segundos > r.horasExtra.confirmadasSegundos && (
            <span className={classes.sub}>{hoursMinutes(r.horasExtra.segundos - r.horasExtra.confirmadasSegundos)} sin revisar (se pagan igual)</span>
          )}
          {r.horasExtra.incumplimiento.dias > 0 && (
            <span className={`${classes.sub} ${classes.warn}`}>
              Incumplimiento en {r.horasExtra.incumplimiento.dias === 1 ? '1 día' : `${r.horasExtra.incumplimiento.dias} días`}
            </span>
          )}
        </FigureButton>
      ),
    },
    {
      // Overtime compensated with vacation days (art. 32 inc. 4): not paid this month; rest unused for 6 months is paid in the 7th.
      key: 'feriadoHorasExtra',
      header: 'Horas extra en feriado',
      align: 'right',
      cell: (r) =>
        r.horasExtra.compensadasFeriadoSegundos > 0 || r.horasExtra.feriadoNoUsadoSegundos > 0 ? (
          <span className={classes.stackedFigures}>
            {r.horasExtra.compensadasFeriadoSegundos > 0 && (
              <>
                {hoursMinutes(r.horasExtra.compensadasFeriadoSegundos)}
                <span className={classes.sub}>compensadas con feriado (art. 32): no se pagan</span>
              </>
            )}
            {r.horasExtra.feriadoNoUsadoSegundos > 0 && (
              <span className={classes.sub}>
                {hoursMinutes(r.horasExtra.feriadoNoUsadoSegundos)} de feriado no usado: se pagan {money(r.horasExtra.feriadoNoUsadoValor)}
              </span>
            )}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'domingos',
      header: 'Domingos y festivos',
      align: 'right',
      cell: (r) => (
        <FigureButton label={`Domingos y festivos trabajados de ${name(r)}: ${r.domingosOFestivosTrabajados}`} onClick={() => open(r, 'domingos')}>
          {r.domingosOFestivosTrabajados}
          <span className={classes.sub}>
            {r.domingosTrabajados} dom. · {r.festivosTrabajados} fest.
          </span>
        </FigureButton>
      ),
    },
    {
      key: 'recargoDominical',
      header: 'Recargo dominical',
      align: 'right',
      cell: (r) =>
        r.recargoDominicalPorcentaje === null ? (
          <span title="No está exceptuado del descanso dominical (art. 38)">—</span>
        ) : (
          <FigureButton label={`Horas ordinarias de domingo de ${name(r)}: ${hoursMinutes(r.domingoOrdinarioSegundos)}`} onClick={() => open(r, 'domingos')}>
            {hoursMinutes(r.domingoOrdinarioSegundos)}
            <span className={classes.sub}>
              {money(r.recargoDominicalMonto)} · {r.recargoDominicalPorcentaje} %
            </span>
          </FigureButton>
        ),
    },
    {
      key: 'permisos',
      header: 'Permisos',
      cell: (r) =>
        r.permisos.length === 0 ? (
          '—'
        ) : (
          <FigureButton label={`Permisos de ${name(r)}`} onClick={() => open(r, 'permisos')}>
            {r.permisos.map((p) => (
              <span key={`${p.tipo}-${p.pagado}`} className={classes.permit}>
                {p.nombre}: {p.unidad === 'horas' ? hoursMinutes(p.segundos) : `${p.dias} ${p.dias === 1 ? 'día' : 'días'}`} {p.pagado ? 'con goce' : `sin goce (${money(p.descuento)})`}
              </span>
            ))}
          </FigureButton>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Remuneraciones"
        description="Las variables del mes para la liquidación de sueldo, calculadas desde la asistencia: días trabajados, ausencias, faltante tras la compensación semanal, horas extra (todas las trabajadas, también sobre la jornada pactada), domingos y festivos con el recargo dominical de los exceptuados del descanso (art. 38), y permisos."
        breadcrumbs={[{ label: 'Inicio', to: '/dashboard' }, { label: 'Remuneraciones' }]}
        actions={
          <div className={classes.actions}>
            <ExportButton path={`/v1/remuneraciones/${periodo}/exportar`} query={{ ...exportQuery, formato: 'csv' }} filename={`remuneraciones-${periodo}.csv`} label="Exportar CSV" variant="default" />
            <ExportButton path={`/v1/remuneraciones/${periodo}/exportar`} query={{ ...exportQuery, formato: 'xlsx' }} filename={`remuneraciones-${periodo}.xlsx`} label="Exportar Excel" variant="default" />
            <ExportButton path={`/v1/remuneraciones/${periodo}/exportar`} query={{ ...exportQuery, formato: 'json' }} filename={`remuneraciones-${periodo}.json`} label="Exportar JSON" variant="default" />
          </div>
        }
      />
      <FilterBar
        search={{ label: 'Buscar', placeholder: 'Nombre, apellidos o RUT', value: table.search, onChange: table.setSearch }}
        pinned={<Select label="Mes" size="sm" data={months} value={periodo} onChange={(v) => table.setFilter('periodo', v)} allowDeselect={false} searchable nothingFoundMessage="Sin coincidencias" />}
        activeCount={countActiveFilters(table.filters, ['grupoId', 'sedeId', 'cargo'])}
        onClear={table.clear}
        canClear={table.filtered}
      >
        <FilterSelect label="Grupo" data={options.data?.grupos ?? []} value={table.filters.grupoId} onChange={(v) => table.setFilter('grupoId', v)} searchable />
        <FilterSelect label="Sede" data={options.data?.sedes ?? []} value={table.filters.sedeId} onChange={(v) => table.setFilter('sedeId', v)} placeholder="Todas" searchable />
        <CargoFilter value={table.filters.cargo} onChange={(v) => table.setFilter('cargo', v)} />
      </FilterBar>

      {month.isPending || (!data && month.isFetching) ? (
        <SectionCard>
          <BlockSkeleton lines={6} label="Cargando las remuneraciones" />
        </SectionCard>
      ) : month.error && !data ? (
        <SectionCard>
          <ErrorState error={month.error} onRetry={() => void month.refetch()} retrying={month.isFetching} title="No pudimos cargar las remuneraciones" />
        </SectionCard>
      ) : data && estado ? (
        <div className={classes.stack}>
          <SectionCard
            title={`${periodoLabel(periodo).charAt(0).toUpperCase()}${periodoLabel(periodo).slice(1)}`}
            description={
              data.hastaCerrado < data.hasta
                ? `Mes en curso: las cifras llegan hasta el ${formatDate(data.hastaCerrado)}.`
                : `Del ${formatDate(data.desde)} al ${formatDate(data.hasta)}. Atrasos y horas extra se liquidan por semana, en el mes en que termina la semana.`
            }
            actions={
              estado.cerrado ? (
                <Button variant="default" onClick={() => ask('reapertura')}>
                  Reabrir mes
                </Button>
              ) : (
                <Button onClick={() => ask('cierre')} disabled={!estado.puedeCerrarse} title={estado.puedeCerrarse ? undefined : 'Un mes se cierra cuando ha terminado.'}>
                  Cerrar mes
                </Button>
              )
            }
          >
            <p className={classes.state} role="status">
              {estado.cerrado ? (
                <>
                  <Badge color="red" variant="light">
                    Cerrado
                  </Badge>{' '}
                  el {formatDateTime(estado.cerradoEn)} por {estado.cerradoPor?.nombre}: no se aceptan permisos ni correcciones que toquen este mes.
                </>
              ) : (
                <>
                  <Badge color="green" variant="light">
                    Abierto
                  </Badge>{' '}
                  {estado.puedeCerrarse ? 'Ciérrelo cuando la liquidación esté lista.' : 'Se podrá cerrar cuando termine.'}
                </>
              )}
            </p>
            <div className={classes.cards} role="group" aria-label="Totales del mes">
              {[
                ['Trabajadores', data.totales.trabajadores.toLocaleString('es-CL'), data.totales.sinSueldo > 0 ? `${data.totales.sinSueldo} sin sueldo base` : ''],
                ['Días trabajados', data.totales.diasTrabajados.toLocaleString('es-CL'), data.totales.diasPendientes > 0 ? `${data.totales.diasPendientes} incompletos` : ''],
                ['Ausencias', data.totales.ausenciasDias.toLocaleString('es-CL'), formatClp(data.totales.ausenciasValor)],
                ['Faltante', hoursMinutes(data.totales.faltanteSegundos), formatClp(data.totales.faltanteValor)],
                ['Horas extra', hoursMinutes(data.totales.horasExtraSegundos), formatClp(data.totales.horasExtraValor)],
                ['Domingos y festivos', data.totales.domingosOFestivosTrabajados.toLocaleString('es-CL'), 'días trabajados'],
                ['Recargo dominical', hoursMinutes(data.totales.domingoOrdinarioSegundos), formatClp(data.totales.recargoDominicalMonto)],
                ['Permisos', `${data.totales.permisosPagadosDias} con goce · ${data.totales.permisosNoPagadosDias} sin goce`, formatClp(data.totales.descuentoPermisos)],
              ].map(([label, value, hint]) => (
                <div key={label} className={classes.card} style={{ '--card-accent': 'var(--mantine-color-jornada-6)' } as CSSProperties}>
                  <span className={classes.cardLabel}>{label}</span>
                  <span className={classes.cardValue}>{value}</span>
                  {hint && <span className={classes.cardHint}>{hint}</span>}
                </div>
              ))}
            </div>
            {estado.historial.length > 0 && (
              <details className={classes.history}>
                <summary>Historial de cierres ({estado.historial.length})</summary>
                <ul>
                  {estado.historial.map((e) => (
                    <li key={`${e.en}-${e.accion}`}>
                      {e.accion === 'cierre' ? 'Cerrado' : 'Reabierto'} el {formatDateTime(e.en)} por {e.por.nombre}
                      {e.motivo ? `: «${e.motivo}»` : ''}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </SectionCard>
          <DataTable
            caption={`Remuneraciones de ${periodoLabel(periodo)}`}
            columns={columns}
            rows={data.items}
            rowKey={(r) => r.usuarioId}
            fetching={month.isFetching && month.isPlaceholderData}
            page={table.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={table.setPage}
            empty={
              table.filtered
                ? { title: 'Nadie coincide con los filtros', description: 'Prueba con otro grupo, sede, cargo o búsqueda.', action: <Button variant="light" onClick={table.clear}>Limpiar filtros</Button> }
                : { title: 'No hay trabajadores en este mes', description: 'Ningún contrato de la empresa estaba vigente en el mes elegido.' }
            }
          />
        </div>
      ) : null}

      <DetailDrawer periodo={periodo} row={selected} figure={figure} onFigure={setFigure} onClose={() => setSelected(null)} />
      {/* Closing first shows what is still pending in the month (close-month-dialog.tsx). */}
      <CloseMonthDialog opened={confirmOpen && kind === 'cierre'} periodo={periodo} monthLabel={periodoLabel(periodo)} closing={action.isPending} onClose={() => setConfirmOpen(false)} onConfirm={run} />
      <ConfirmDialog
        opened={confirmOpen && kind === 'reapertura'}
        onClose={() => setConfirmOpen(false)}
        title={`¿Reabrir ${periodoLabel(periodo)}?`}
        message="El mes volverá a aceptar permisos y correcciones. La reapertura queda registrada con su motivo."
        confirmLabel="Reabrir mes"
        loading={action.isPending}
        confirmDisabled={motivo.trim().length < 5}
        onConfirm={run}
      >
        <Textarea label="Motivo de la reapertura" description="Al menos 5 caracteres." value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} autosize minRows={2} maxLength={500} required />
      </ConfirmDialog>
    </>
  );
}
