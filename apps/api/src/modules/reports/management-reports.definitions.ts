/**
 * The six management reports as definitions: their columns (on screen and in every file), the detail
 * lines under a row, the default order, the note that says what they count, how a page of rows and
 * the totals are read (attendance module: stored days; permissions module: permissions) and the chart.
 * The service and the table writers (report-table.*.ts) do the rest the same way for all six.
 */
import {
  ESTADO_DIA_LABELS,
  type CeldasReporte,
  type EstadoPermiso,
  type ColumnaReporte,
  type FilaReporteGestion,
  type GraficoReporte,
  type ReporteGestion,
} from '@jornada/contracts';
import { addDays, DAILY_OVERTIME_LIMIT_SECONDS, diffDays, formatDurationEs, formatRut, type SummedTotalKey, type SummedTotals } from '@jornada/domain';
import type { AttendanceReports, ReportBucket, ReportDay, ReportDayKind, ReportSelection, ReportWorker } from '../attendance/index';
import type { WorkerOvertimeReviews } from '../overtime/index';
import type { PermissionReports, PermissionReportRow, PermissionReportSumKey } from '../permissions/index';

/** What a definition reads with. */
export interface ReportContext {
  selection: ReportSelection;
  /** The period asked for, and the last closed day added up (days still running are not counted). */
  desde: string;
  hasta: string;
  closed: string;
  attendance: AttendanceReports;
  permissions: PermissionReports;
  /** The overtime reviews and pacts of some workers over a period (modules/overtime `overtimeReviewsOf`, scoped to the company). */
  overtimeReviews: (userIds: readonly string[], from: string, to: string) => Promise<Map<string, WorkerOvertimeReviews>>;
}

export interface ReportSortInput {
  clave: string;
  direccion: 'asc' | 'desc';
}

export interface ReportPage {
  filas: FilaReporteGestion[];
  total: number;
  totales: CeldasReporte;
}

export interface ReportDefinition {
  reporte: ReporteGestion;
  /** What a row is: singular, plural. */
  unidad: [string, string];
  columnas: ColumnaReporte[];
  columnasDetalle: ColumnaReporte[];
  orden: ReportSortInput;
  nota: string;
  page(ctx: ReportContext, sort: ReportSortInput, paging: { limit: number; offset: number }): Promise<ReportPage>;
  /**
   * The whole report for an export, when it can be read better than page by page: the count and totals,
   * then the rows in chunks of `size()` (asked before each chunk: the export adapts it to how long a read
   * takes). The worker reports read every worker's figures once (a page of them costs the whole
   * selection's aggregation anyway) and the days under each chunk as it is written.
   */
  pages?(ctx: ReportContext, sort: ReportSortInput, size: () => number): Promise<ReportChunks>;
  chart(ctx: ReportContext): Promise<GraficoReporte>;
}

export interface ReportChunks {
  total: number;
  totales: CeldasReporte;
  chunks: AsyncIterable<FilaReporteGestion[]>;
}

const col = (clave: string, etiqueta: string, tipo: ColumnaReporte['tipo'], options: { ordenable?: boolean; total?: boolean } = {}): ColumnaReporte => ({
  clave,
  etiqueta,
  tipo,
  ordenable: options.ordenable ?? false,
  total: options.total ?? false,
});
/** A figure: sortable and summed. */
const fig = (clave: string, etiqueta: string, tipo: ColumnaReporte['tipo']) => col(clave, etiqueta, tipo, { ordenable: true, total: true });

/** `aaaa-mm-dd` as the reports write dates in text: dd-mm-aaaa. */
const chileDate = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

const WORKER_COLUMNS: ColumnaReporte[] = [
  col('trabajador', 'Trabajador', 'texto', { ordenable: true }),
  col('rut', 'RUT', 'texto'),
  col('grupo', 'Grupo', 'texto', { ordenable: true }),
  col('cargo', 'Cargo', 'texto', { ordenable: true }),
];

function workerCells(w: ReportWorker): CeldasReporte {
  return { trabajador: `${w.nombre} ${w.apellidos}`, rut: formatRut(w.rut) ?? w.rut, grupo: w.grupo, cargo: w.cargo };
}

/**
 * Each report column that shows a period total, and which of the engine's totals it is (packages/domain
 * `PeriodTotals`, summed from the stored days by the attendance module under the same name).
 */
const TOTAL_OF_COLUMN = {
  diasPlanificados: 'plannedDays',
  diasPresentes: 'daysWorked',
  diasAtraso: 'lateDays',
  atraso: 'lateSeconds',
  diasSalidaAnticipada: 'earlyLeaveDays',
  salidaAnticipada: 'earlyLeaveSeconds',
  ausenciasInjustificadas: 'daysByStatus.ausente',
  ausenciasJustificadas: 'daysByStatus.justificado',
  diasIncompletos: 'daysByStatus.incompleto',
  diasFeriado: 'daysByStatus.feriado',
  planificado: 'plannedSeconds',
  trabajado: 'workedSeconds',
  faltanteAusencias: 'absenceMissingSeconds',
  extra: 'foundOvertimeSeconds',
  extraDentroLimite: 'foundOvertimeWithinDailyLimitSeconds',
  extraSobreLimite: 'foundOvertimeBeyondDailyLimitSeconds',
  diasExtra: 'overtimeDays',
  domingo: 'sundaySeconds',
  feriado: 'holidaySeconds',
  compensado: 'compensatedSeconds',
  atrasoDescontable: 'lateAfterCompensationSeconds',
  salidaAnticipadaDescontable: 'earlyLeaveAfterCompensationSeconds',
  extraNeta: 'netOvertimeSeconds',
} as const satisfies Record<string, SummedTotalKey>;

type TotalColumn = keyof typeof TOTAL_OF_COLUMN;

/** The total a column shows, or undefined for a column that is not a total (trabajador, grupo…). */
const totalOf = (clave: string): SummedTotalKey | undefined => (Object.hasOwn(TOTAL_OF_COLUMN, clave) ? TOTAL_OF_COLUMN[clave as TotalColumn] : undefined);

/** The totals behind some columns (what the attendance module is asked to add up). */
const totalsFor = (columns: readonly string[]): SummedTotalKey[] => columns.flatMap((c) => totalOf(c) ?? []);

/** A sort by column as the attendance module takes it: a total by its name, any other column by its own. */
const sortOf = <K extends string>(sort: ReportSortInput): { key: K | SummedTotalKey; direction: 'asc' | 'desc' } => ({ key: totalOf(sort.clave) ?? (sort.clave as K), direction: sort.direccion });

const sumCells = (totals: SummedTotals, columns: readonly string[]): Record<string, number> => Object.fromEntries(columns.map((c) => [c, totals[totalOf(c)!] ?? 0]));

/** How a chart groups the period: days up to two months, weeks up to two years, months beyond. */
function bucketOf(desde: string, hasta: string, atLeast: ReportBucket = 'day'): ReportBucket {
  const span = diffDays(desde, hasta) + 1;
  const natural: ReportBucket = span <= 62 ? 'day' : span <= 731 ? 'week' : 'month';
  const rank = { day: 0, week: 1, month: 2 } as const;
  return rank[natural] >= rank[atLeast] ? natural : atLeast;
}

function bucketLabel(periodo: string, bucket: ReportBucket): string {
  const [y, m, d] = periodo.split('-');
  if (bucket === 'month') return `${m}/${y}`;
  if (bucket === 'week') return `Sem. ${d}/${m}`;
  return `${d}/${m}`;
}

const bucketTitle = (bucket: ReportBucket) => (bucket === 'day' ? 'por día' : bucket === 'week' ? 'por semana' : 'por mes');

/** Days of the rows' detail read per statement: a five-year period is read a year at a time. */
const DETAIL_WINDOW_DAYS = 366;

/** The attendance-based reports: a row per worker, its sums, and the stored days of `kind` under it. */
function workerReport(options: {
  reporte: ReporteGestion;
  kind: ReportDayKind;
  figures: ColumnaReporte[];
  columnasDetalle: ColumnaReporte[];
  detail: (day: ReportDay) => CeldasReporte;
  orden: ReportSortInput;
  nota: string;
  chart: (ctx: ReportContext) => Promise<GraficoReporte>;
  /**
   * Columns read from another module for the rows on hand (not sums of stored days: neither sortable
   * nor totalled), with the cells of each row and of each of its days.
   */
  augment?: {
    figures: ColumnaReporte[];
    columnasDetalle: ColumnaReporte[];
    cells: (ctx: ReportContext, ids: string[]) => Promise<{ row: (id: string, days: readonly ReportDay[]) => CeldasReporte; day: (day: ReportDay) => CeldasReporte }>;
  };
}): ReportDefinition {
  const columns = options.figures.map((c) => c.clave);
  const keys = totalsFor(columns);
  /** The rows of these workers, each with its stored days of `kind` under it. */
  const filasOf = async (ctx: ReportContext, rows: readonly (ReportWorker & { id: string; sums: SummedTotals })[]): Promise<FilaReporteGestion[]> => {
    const ids = rows.map((r) => r.id);
    const { from, to } = ctx.selection.days;
    let days = new Map<string, ReportDay[]>();
    // A long period is read a window at a time, with a turn of the event loop between reads (on PGlite each holds the server's thread).
    for (let start = from; start <= to; ) {
      const end = addDays(start, DETAIL_WINDOW_DAYS - 1) < to ? addDays(start, DETAIL_WINDOW_DAYS - 1) : to;
      const part = await ctx.attendance.daysOf({ ...ctx.selection, days: { ...ctx.selection.days, from: start, to: end } }, ids, options.kind);
      if (start === from) days = part;
      else
        for (const [id, list] of part) {
          const own = days.get(id);
          if (own) own.push(...list);
          else days.set(id, list);
        }
      start = addDays(end, 1);
      if (start <= to) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const extra = options.augment ? await options.augment.cells(ctx, ids) : null;
    return rows.map((r) => {
      const own = days.get(r.id) ?? [];
      return {
        id: r.id,
        celdas: { ...workerCells(r), ...sumCells(r.sums, columns), ...extra?.row(r.id, own) },
        detalle: own.map((d) => ({ ...options.detail(d), ...extra?.day(d) })),
      };
    });
  };
  return {
    reporte: options.reporte,
    unidad: ['trabajador', 'trabajadores'],
    columnas: [...WORKER_COLUMNS, ...options.figures, ...(options.augment?.figures ?? [])],
    columnasDetalle: [...options.columnasDetalle, ...(options.augment?.columnasDetalle ?? [])],
    orden: options.orden,
    nota: options.nota,
    async page(ctx, sort, paging) {
      const { rows, total, totals } = await ctx.attendance.workerPage(ctx.selection, options.kind, sortOf<'trabajador' | 'grupo' | 'sede' | 'cargo'>(sort), paging, keys);
      return { filas: await filasOf(ctx, rows), total, totales: sumCells(totals, columns) };
    },
    async pages(ctx, sort, size) {
      const { rows, total, totals } = await ctx.attendance.workerPage(ctx.selection, options.kind, sortOf<'trabajador' | 'grupo' | 'sede' | 'cargo'>(sort), null, keys);
      const chunks = (async function* () {
        for (let i = 0; i < rows.length; ) {
          const slice = rows.slice(i, i + size());
          i += slice.length;
          yield filasOf(ctx, slice);
        }
      })();
      return { total, totales: sumCells(totals, columns), chunks };
    },
    chart: options.chart,
  };
}

async function seriesChart(ctx: ReportContext, titulo: string, unidad: GraficoReporte['unidad'], series: [TotalColumn, string][], atLeast: ReportBucket = 'day'): Promise<GraficoReporte> {
  const bucket = bucketOf(ctx.desde, ctx.closed < ctx.desde ? ctx.desde : ctx.closed, atLeast);
  const points =
    ctx.closed < ctx.desde
      ? []
      : await ctx.attendance.series(
          ctx.selection,
          bucket,
          series.map(([k]) => TOTAL_OF_COLUMN[k]),
        );
  return {
    titulo: `${titulo} ${bucketTitle(bucket)}`,
    unidad,
    series: series.map(([clave, etiqueta]) => ({ clave, etiqueta })),
    puntos: points.map((p) => ({ etiqueta: bucketLabel(p.periodo, bucket), valores: Object.fromEntries(series.map(([k]) => [k, p[TOTAL_OF_COLUMN[k]]])) })),
  };
}

const estado = (d: ReportDay) => ESTADO_DIA_LABELS[d.status];
const observacion = (d: ReportDay): string | null =>
  [d.permisoTipo ? `Permiso ${d.permisoTipo}` : null, d.feriado ? `Feriado: ${d.feriado}` : null, d.domingo ? 'Domingo' : null].filter(Boolean).join(' · ') || null;

const asistencia = workerReport({
  reporte: 'asistencia',
  kind: 'todos',
  figures: [
    fig('diasPlanificados', 'Días planificados', 'numero'),
    fig('diasPresentes', 'Días presentes', 'numero'),
    fig('diasAtraso', 'Días con atraso', 'numero'),
    fig('ausenciasInjustificadas', 'Ausencias injustificadas', 'numero'),
    fig('ausenciasJustificadas', 'Días con permiso', 'numero'),
    fig('diasIncompletos', 'Días incompletos', 'numero'),
    fig('planificado', 'Horas planificadas', 'duracion'),
    fig('trabajado', 'Horas trabajadas', 'duracion'),
    fig('extra', 'Tiempo extra', 'duracion'),
  ],
  columnasDetalle: [
    col('fecha', 'Fecha', 'fecha'),
    col('estado', 'Estado', 'texto'),
    col('turno', 'Turno', 'texto'),
    col('entrada', 'Entrada', 'texto'),
    col('salida', 'Salida', 'texto'),
    col('trabajado', 'Trabajado', 'duracion'),
    col('atraso', 'Atraso', 'duracion'),
    col('extra', 'Tiempo extra', 'duracion'),
    col('observacion', 'Observaciones', 'texto'),
  ],
  detail: (d) => ({ fecha: d.fecha, estado: estado(d), turno: d.turno, entrada: d.entrada, salida: d.salida, trabajado: d.trabajado, atraso: d.atraso, extra: d.extra, observacion: observacion(d) }),
  orden: { clave: 'trabajador', direccion: 'asc' },
  nota: 'Cada día como lo evaluó el motor de asistencia: presente (incluye incompletos), ausente sin justificar, con permiso, libre o feriado. Un día planificado es uno con turno que no es feriado. Los días en curso no se cuentan.',
  chart: (ctx) =>
    seriesChart(ctx, 'Asistencia', 'numero', [
      ['diasPresentes', 'Presentes'],
      ['ausenciasInjustificadas', 'Ausencias injustificadas'],
      ['ausenciasJustificadas', 'Con permiso'],
    ]),
});

const atrasos = workerReport({
  reporte: 'atrasos',
  kind: 'atrasos',
  figures: [
    fig('diasAtraso', 'Días con atraso', 'numero'),
    fig('atraso', 'Atraso', 'duracion'),
    fig('diasSalidaAnticipada', 'Días con salida anticipada', 'numero'),
    fig('salidaAnticipada', 'Salida anticipada', 'duracion'),
    fig('compensado', 'Compensado en la semana', 'duracion'),
    fig('atrasoDescontable', 'Atraso tras compensación', 'duracion'),
    fig('salidaAnticipadaDescontable', 'Salida anticipada tras compensación', 'duracion'),
  ],
  columnasDetalle: [
    col('fecha', 'Fecha', 'fecha'),
    col('turno', 'Turno', 'texto'),
    col('entrada', 'Entrada', 'texto'),
    col('atraso', 'Atraso', 'duracion'),
    col('salida', 'Salida', 'texto'),
    col('salidaAnticipada', 'Salida anticipada', 'duracion'),
  ],
  detail: (d) => ({ fecha: d.fecha, turno: d.turno, entrada: d.entrada, atraso: d.atraso, salida: d.salida, salidaAnticipada: d.salidaAnticipada }),
  orden: { clave: 'atraso', direccion: 'desc' },
  nota: 'Atraso: segundos entre el inicio del turno más su tolerancia y la entrada; salida anticipada: antes del fin del turno menos su tolerancia. El atraso no se descuenta día a día: la semana (lunes a domingo) lo compensa con tiempo extra de otros días, y solo el faltante de la semana es descontable.',
  chart: (ctx) =>
    seriesChart(
      ctx,
      'Atrasos',
      'duracion',
      [
        ['atraso', 'Atraso'],
        ['salidaAnticipada', 'Salida anticipada'],
      ],
      'week',
    ),
});

const ausencias = workerReport({
  reporte: 'ausencias',
  kind: 'ausencias',
  figures: [
    fig('ausenciasInjustificadas', 'Ausencias injustificadas', 'numero'),
    fig('faltanteAusencias', 'Horas no trabajadas (injustificadas)', 'duracion'),
    fig('ausenciasJustificadas', 'Ausencias justificadas', 'numero'),
  ],
  columnasDetalle: [
    col('fecha', 'Fecha', 'fecha'),
    col('turno', 'Turno', 'texto'),
    col('justificada', 'Justificada', 'texto'),
    col('permiso', 'Permiso', 'texto'),
    col('goce', 'Con goce', 'texto'),
    col('planificado', 'Horas planificadas', 'duracion'),
  ],
  detail: (d) => ({
    fecha: d.fecha,
    turno: d.turno,
    justificada: d.status === 'justificado' ? 'Sí' : 'No',
    permiso: d.permisoTipo,
    goce: d.permisoPagado === null ? null : d.permisoPagado ? 'Sí' : 'No',
    planificado: d.status === 'ausente' ? d.faltante : d.planificado,
  }),
  orden: { clave: 'ausenciasInjustificadas', direccion: 'desc' },
  nota: 'Días con turno planificado sin asistencia: injustificados (sin marcas ni permiso) o justificados por un permiso aprobado, con su tipo y si es con goce de remuneraciones.',
  chart: (ctx) =>
    seriesChart(
      ctx,
      'Ausencias',
      'numero',
      [
        ['ausenciasInjustificadas', 'Injustificadas'],
        ['ausenciasJustificadas', 'Justificadas'],
      ],
      'week',
    ),
});

const horasExtra = workerReport({
  reporte: 'horas-extra',
  kind: 'extra',
  figures: [
    fig('diasExtra', 'Días con tiempo extra', 'numero'),
    fig('extra', 'Tiempo extra', 'duracion'),
    fig('extraDentroLimite', 'Dentro del límite diario', 'duracion'),
    fig('extraSobreLimite', 'Sobre el límite diario', 'duracion'),
    fig('domingo', 'Trabajado en domingo', 'duracion'),
    fig('feriado', 'Trabajado en feriado', 'duracion'),
    fig('extraNeta', 'Extra neta de las semanas', 'duracion'),
  ],
  columnasDetalle: [
    col('fecha', 'Fecha', 'fecha'),
    col('turno', 'Turno', 'texto'),
    col('entrada', 'Entrada', 'texto'),
    col('salida', 'Salida', 'texto'),
    col('trabajado', 'Trabajado', 'duracion'),
    col('extra', 'Tiempo extra', 'duracion'),
    col('extraDentroLimite', 'Dentro del límite', 'duracion'),
    col('extraSobreLimite', 'Sobre el límite', 'duracion'),
    col('dia', 'Domingo o feriado', 'texto'),
  ],
  detail: (d) => ({
    fecha: d.fecha,
    turno: d.turno,
    entrada: d.entrada,
    salida: d.salida,
    trabajado: d.trabajado,
    extra: d.extra,
    extraDentroLimite: d.extraDentroLimite,
    extraSobreLimite: d.extraSobreLimite,
    dia: d.feriado ? `Feriado: ${d.feriado}` : d.domingo ? 'Domingo' : null,
  }),
  orden: { clave: 'extra', direccion: 'desc' },
  nota: 'Tiempo trabajado sobre lo planificado, día a día, más lo planificado que pasa la jornada semanal pactada (art. 30), separado en lo que cabe en el límite legal de 2 horas diarias y lo que lo excede; el domingo y los feriados, todo lo trabajado. Todo se paga, revisado o no (art. 32): la revisión confirma o disputa, y los incumplimientos (sin pacto, sobre 2 horas, día de descanso) son del empleador. La extra neta es la de cada semana completa después de compensar atrasos y salidas anticipadas.',
  augment: {
    figures: [col('extraConfirmada', 'Confirmadas', 'duracion'), col('extraEnDisputa', 'En disputa', 'duracion'), col('extraPorRevisar', 'Por revisar', 'duracion'), col('diasSinPacto', 'Días sin pacto', 'numero')],
    columnasDetalle: [col('revision', 'Revisión', 'texto'), col('pacto', 'Pacto que la cubre', 'texto'), col('incumplimiento', 'Incumplimiento', 'texto')],
    async cells(ctx, ids) {
      const reviews = await ctx.overtimeReviews(ids, ctx.selection.days.from, ctx.selection.days.to);
      const pactOf = (d: ReportDay) => reviews.get(d.userId)?.pacts.find((p) => p.desde <= d.fecha && d.fecha <= p.hasta) ?? null;
      /** What the review says of a day: confirmed (part or all), disputed or still to review; every second found is paid. */
      const split = (d: ReportDay) => {
        const review = reviews.get(d.userId)?.reviews.get(d.fecha);
        const confirmed = review?.estado === 'aprobado' ? Math.min(review.approvedSeconds, d.extra) : 0;
        const disputed = review ? d.extra - confirmed : 0;
        return { review, confirmed, disputed, pending: review ? 0 : d.extra };
      };
      return {
        row: (_id, days) => {
          const cells = { extraConfirmada: 0, extraEnDisputa: 0, extraPorRevisar: 0, diasSinPacto: 0 };
          for (const d of days) {
            const { confirmed, disputed, pending } = split(d);
            cells.extraConfirmada += confirmed;
            cells.extraEnDisputa += disputed;
            cells.extraPorRevisar += pending;
            if (d.extra > 0 && !pactOf(d)) cells.diasSinPacto++;
          }
          return cells;
        },
        day: (d) => {
          const { review, confirmed, disputed } = split(d);
          const pact = pactOf(d);
          const problems = [
            ...(pact ? [] : ['Sin pacto (art. 32)']),
            ...(d.extra > DAILY_OVERTIME_LIMIT_SECONDS ? ['Sobre 2 horas (art. 31)'] : []),
            ...(pact && d.extra > pact.maxSecondsPerDay ? ['Sobre el máximo del pacto'] : []),
            ...(d.planKind === 'libre' || d.feriado ? ['Día de descanso'] : []),
          ];
          return {
            revision: !review
              ? 'Por revisar'
              : review.estado === 'rechazado'
                ? `En disputa${review.motivo ? `: ${review.motivo}` : ''}`
                : disputed > 0
                  ? `Confirmadas ${formatDurationEs(confirmed)}; en disputa ${formatDurationEs(disputed)}`
                  : 'Confirmadas',
            pacto: pact ? `${chileDate(pact.desde)} al ${chileDate(pact.hasta)} · máx. ${formatDurationEs(pact.maxSecondsPerDay)} por día` : 'Sin pacto vigente',
            incumplimiento: problems.length ? problems.join('; ') : null,
          };
        },
      };
    },
  },
  async chart(ctx) {
    const groups = ctx.closed < ctx.desde ? [] : await ctx.attendance.sumsByGroup(ctx.selection, totalsFor(['extra', 'extraDentroLimite', 'extraSobreLimite']));
    return {
      titulo: 'Tiempo extra por grupo',
      unidad: 'duracion',
      series: [
        { clave: 'extraDentroLimite', etiqueta: 'Dentro del límite' },
        { clave: 'extraSobreLimite', etiqueta: 'Sobre el límite' },
      ],
      puntos: groups
        .filter((g) => g.foundOvertimeSeconds > 0)
        .map((g) => ({ etiqueta: g.grupo ?? 'Sin grupo', valores: sumCells(g, ['extraDentroLimite', 'extraSobreLimite']) })),
    };
  },
});

const DOTACION_SUMS: TotalColumn[] = ['diasPlanificados', 'diasPresentes', 'ausenciasInjustificadas', 'ausenciasJustificadas'];
const percent = (present: number, planned: number) => (planned > 0 ? Math.round((present / planned) * 1000) / 10 : null);

const dotacion: ReportDefinition = {
  reporte: 'dotacion',
  unidad: ['combinación de grupo, sede y cargo', 'combinaciones de grupo, sede y cargo'],
  columnas: [
    col('grupo', 'Grupo', 'texto', { ordenable: true }),
    col('sede', 'Sede', 'texto', { ordenable: true }),
    col('cargo', 'Cargo', 'texto', { ordenable: true }),
    fig('dotacion', 'Dotación', 'numero'),
    fig('diasPlanificados', 'Días-persona planificados', 'numero'),
    fig('diasPresentes', 'Días-persona presentes', 'numero'),
    fig('ausenciasInjustificadas', 'Ausencias injustificadas', 'numero'),
    fig('ausenciasJustificadas', 'Días con permiso', 'numero'),
    col('presencia', 'Presentes / planificados', 'porcentaje', { total: true }),
  ],
  columnasDetalle: [],
  orden: { clave: 'grupo', direccion: 'asc' },
  nota: 'Dotación: trabajadores con contrato vigente en el periodo, por grupo, sede y cargo. Días-persona: los días con turno planificado (no feriados) y los días con asistencia de esos trabajadores.',
  async page(ctx, sort, paging) {
    const { rows, total, totals } = await ctx.attendance.headcount(
      ctx.selection,
      sortOf<'dotacion' | 'grupo' | 'sede' | 'cargo'>(sort),
      paging,
      totalsFor(DOTACION_SUMS),
    );
    return {
      filas: rows.map((r) => ({
        id: `${r.grupo ?? ''}|${r.sede ?? ''}|${r.cargo ?? ''}`,
        celdas: { grupo: r.grupo ?? 'Sin grupo', sede: r.sede ?? 'Sin sede', cargo: r.cargo ?? 'Sin cargo', dotacion: r.dotacion, ...sumCells(r.sums, DOTACION_SUMS), presencia: percent(r.sums.daysWorked, r.sums.plannedDays) },
        detalle: [],
      })),
      total,
      totales: { dotacion: totals.dotacion, ...sumCells(totals, DOTACION_SUMS), presencia: percent(totals.daysWorked, totals.plannedDays) },
    };
  },
  chart: (ctx) =>
    seriesChart(ctx, 'Planificados y presentes', 'numero', [
      ['diasPlanificados', 'Planificados'],
      ['diasPresentes', 'Presentes'],
    ]),
};

const PERMISSION_FIGURES: ColumnaReporte[] = [
  fig('permisos', 'Permisos', 'numero'),
  fig('aprobados', 'Aprobados', 'numero'),
  fig('pendientes', 'Pendientes', 'numero'),
  fig('rechazados', 'Rechazados o anulados', 'numero'),
  fig('diasConGoce', 'Días con goce (aprobados)', 'numero'),
  fig('diasSinGoce', 'Días sin goce (aprobados)', 'numero'),
  fig('horas', 'Horas (aprobadas)', 'numero'),
];

const PERMISSION_STATE: Record<EstadoPermiso, string> = { pendiente: 'Pendiente', aprobado: 'Aprobado', rechazado: 'Rechazado', anulado: 'Anulado' };
const UNIT_TEXT = { dias_habiles: 'días hábiles', dias_corridos: 'días corridos', horas: 'horas' } as const;

function permissionCells(p: PermissionReportRow): CeldasReporte {
  return {
    tipo: `${p.tipo} (${p.codigo})`,
    desde: p.desde,
    hasta: p.hasta,
    horario: p.horaInicio && p.horaFin ? `${p.horaInicio}–${p.horaFin}` : null,
    cantidad: `${p.cantidad.toLocaleString('es-CL')} ${UNIT_TEXT[p.unidad]}`,
    goce: p.conGoce ? 'Sí' : 'No',
    estado: PERMISSION_STATE[p.estado],
    origen: p.origen === 'asignado' ? 'Asignado' : 'Solicitado',
  };
}

const permisosAsignados: ReportDefinition = {
  reporte: 'permisos-asignados',
  unidad: ['trabajador', 'trabajadores'],
  columnas: [...WORKER_COLUMNS, ...PERMISSION_FIGURES],
  columnasDetalle: [
    col('tipo', 'Tipo', 'texto'),
    col('desde', 'Desde', 'fecha'),
    col('hasta', 'Hasta', 'fecha'),
    col('horario', 'Horario', 'texto'),
    col('cantidad', 'Cantidad', 'texto'),
    col('goce', 'Con goce', 'texto'),
    col('estado', 'Estado', 'texto'),
    col('origen', 'Origen', 'texto'),
  ],
  orden: { clave: 'trabajador', direccion: 'asc' },
  nota: 'Los permisos que tocan el periodo, en cualquier estado, con su cantidad completa en su unidad (días hábiles, días corridos u horas). Los días y horas de los totales son los de los permisos aprobados.',
  async page(ctx, sort, paging) {
    const { companyId } = ctx.selection;
    const ids = await ctx.attendance.workerIds(ctx.selection);
    const { rows, total, totals } = await ctx.permissions.page(companyId, ids, ctx.desde, ctx.hasta, { key: sort.clave as PermissionReportSumKey | 'trabajador', direction: sort.direccion }, paging);
    const pageIds = rows.map((r) => r.userId);
    const [workers, permissions] = await Promise.all([ctx.attendance.workersByIds(ctx.selection, pageIds), ctx.permissions.rows(companyId, pageIds, ctx.desde, ctx.hasta)]);
    const byId = new Map(workers.map((w) => [w.id, w]));
    const keys = PERMISSION_FIGURES.map((c) => c.clave);
    return {
      filas: rows.map((r) => ({
        id: r.userId,
        celdas: { ...workerCells(byId.get(r.userId)!), ...Object.fromEntries(keys.map((k) => [k, r.sums[k as PermissionReportSumKey]])) },
        detalle: permissions.filter((p) => p.userId === r.userId).map(permissionCells),
      })),
      total,
      totales: Object.fromEntries(keys.map((k) => [k, totals[k as PermissionReportSumKey]])),
    };
  },
  async chart(ctx) {
    const ids = await ctx.attendance.workerIds(ctx.selection);
    const types = await ctx.permissions.byType(ctx.selection.companyId, ids, ctx.desde, ctx.hasta);
    return {
      titulo: 'Permisos por tipo',
      unidad: 'numero',
      series: [
        { clave: 'permisos', etiqueta: 'Permisos' },
        { clave: 'aprobados', etiqueta: 'Aprobados' },
      ],
      puntos: types.map((t) => ({ etiqueta: t.tipo, valores: { permisos: t.permisos, aprobados: t.aprobados } })),
    };
  },
};

export const REPORT_DEFINITIONS: Record<ReporteGestion, ReportDefinition> = {
  asistencia,
  atrasos,
  ausencias,
  'permisos-asignados': permisosAsignados,
  'horas-extra': horasExtra,
  dotacion,
};
