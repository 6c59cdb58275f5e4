import { describe, expect, it } from 'vitest';
import { attributeMarks } from './attribution';
import { evaluateDay, type EvaluationOptions, type Permission } from './day-evaluation';
import type { Holiday } from './calendar/holidays';
import type { Mark, MarkKind } from './marks';
import { parseClockTime, placeShift, type ShiftTemplate } from './shift-instance';
import { localToInstant } from './time-zone';

const S = 'America/Santiago';
const H = 3600;
const office: ShiftTemplate = { start: '08:00', end: '17:00', break: { start: '13:00', end: '14:00' }, lateToleranceMinutes: 5, earlyLeaveToleranceMinutes: 5 };
const D = '2026-07-01'; // a Wednesday
let seq = 0;
const m = (kind: MarkKind, clock: string, date = D): Mark => ({ id: `m${++seq}`, kind, at: localToInstant(S, date, parseClockTime(clock)!) });
const full = (entrada = '08:00', salida = '17:00', date = D) => [
  m('entrada', entrada, date),
  m('inicio_colacion', '13:00', date),
  m('fin_colacion', '14:00', date),
  m('salida', salida, date),
];

function day(
  marks: Mark[],
  { template = office as ShiftTemplate | null, date = D, options = {} as EvaluationOptions, holiday = null as Holiday | null, permission = null as Permission | null, planKind = undefined as 'libre' | 'sin_planificacion' | undefined } = {},
) {
  const instance = template ? placeShift(template, date, S) : null;
  return evaluateDay({
    date,
    planKind: planKind ?? (instance ? 'turno' : 'libre'),
    instance,
    attributions: attributeMarks(marks, instance ? [instance] : [], S),
    holiday,
    permission,
    options,
  });
}

describe('day evaluation: seconds', () => {
  it('a complete day on time: present, 8 h worked, 1 h colación, nothing missing', () => {
    expect(day(full())).toMatchObject({
      status: 'presente',
      plannedSeconds: 8 * H,
      workedSeconds: 8 * H,
      ordinarySeconds: 8 * H,
      breakSeconds: H,
      lateSeconds: 0,
      earlyLeaveSeconds: 0,
      missingSeconds: 0,
      overtimeSeconds: 0,
      inconsistencies: [],
    });
  });

  it('counts to the second, with no rounding', () => {
    const r = day([m('entrada', '08:00:07'), m('inicio_colacion', '13:00:00'), m('fin_colacion', '13:59:31'), m('salida', '17:00:02')]);
    expect(r.workedSeconds).toBe(8 * H - 7 + 29 + 2);
    expect(r.breakSeconds).toBe(H - 29);
  });

  it('lateness within the tolerance is not lateness, but its minutes are still missing', () => {
    expect(day(full('08:03'))).toMatchObject({ lateSeconds: 0, missingSeconds: 180, workedSeconds: 8 * H - 180 });
  });

  it('past the tolerance the whole lateness counts (threshold), or only the excess (deductible)', () => {
    expect(day(full('08:20')).lateSeconds).toBe(1200);
    expect(day(full('08:20'), { options: { toleranceMode: 'deductible' } }).lateSeconds).toBe(900);
  });

  it('early leave past its tolerance', () => {
    expect(day(full('08:00', '16:30'))).toMatchObject({ earlyLeaveSeconds: 1800, missingSeconds: 1800 });
    expect(day(full('08:00', '16:57')).earlyLeaveSeconds).toBe(0);
  });

  it('overtime within and beyond the 2-hour daily limit', () => {
    expect(day(full('08:00', '18:30'))).toMatchObject({ overtimeSeconds: 1.5 * H, overtimeWithinLimitSeconds: 1.5 * H, overtimeBeyondLimitSeconds: 0, inconsistencies: [] });
    const r = day(full('08:00', '19:30'));
    expect(r).toMatchObject({ overtimeSeconds: 2.5 * H, overtimeWithinLimitSeconds: 2 * H, overtimeBeyondLimitSeconds: 0.5 * H, status: 'presente' });
    expect(r.inconsistencies.map((i) => i.label)).toEqual(['Jornada sobre el máximo legal']);
  });

  it('arriving early is not worked time unless the company counts it', () => {
    expect(day(full('07:30')).workedSeconds).toBe(8 * H);
    expect(day(full('07:30'), { options: { countEarlyArrival: true } })).toMatchObject({ workedSeconds: 8.5 * H, overtimeSeconds: 0.5 * H });
  });

  it('an unmarked colación is deducted as planned unless the company counts it as worked', () => {
    const marks = [m('entrada', '08:00'), m('salida', '17:00')];
    expect(day(marks)).toMatchObject({ workedSeconds: 8 * H, breakSeconds: H });
    expect(day(marks, { options: { unmarkedBreak: 'count_as_worked' } })).toMatchObject({ workedSeconds: 9 * H, breakSeconds: 0, overtimeSeconds: H });
    // Leaving before the colación window: nothing to deduct.
    expect(day([m('entrada', '08:00'), m('salida', '12:00')])).toMatchObject({ workedSeconds: 4 * H, breakSeconds: 0 });
    expect(day([m('entrada', '08:00'), m('salida', '17:00')], { template: { start: '08:00', end: '17:00', break: { minutes: 45 } } })).toMatchObject({ workedSeconds: 8.25 * H, breakSeconds: 0.75 * H });
  });

  it('a short marked colación is worked time', () => {
    const r = day([m('entrada', '08:00'), m('inicio_colacion', '13:00'), m('fin_colacion', '13:20'), m('salida', '17:00')]);
    expect(r).toMatchObject({ breakSeconds: 1200, workedSeconds: 8 * H + 2400, overtimeSeconds: 2400 });
  });

  it('a night shift across the end of summer time is worth 9 real hours, and 7 across its start', () => {
    const night: ShiftTemplate = { start: '22:00', end: '06:00' };
    const autumn = day([m('entrada', '22:00', '2026-04-04'), m('salida', '06:00', '2026-04-05')], { template: night, date: '2026-04-04' });
    expect(autumn).toMatchObject({ status: 'presente', plannedSeconds: 9 * H, workedSeconds: 9 * H, missingSeconds: 0 });
    const spring = day([m('entrada', '22:00', '2026-09-05'), m('salida', '06:00', '2026-09-06')], { template: night, date: '2026-09-05' });
    expect(spring).toMatchObject({ status: 'presente', plannedSeconds: 7 * H, workedSeconds: 7 * H });
  });
});

describe('day evaluation: statuses and inconsistencies', () => {
  const codes = (r: ReturnType<typeof day>) => r.inconsistencies.map((i) => i.code);

  it('ausente without marks on a planned day', () => {
    expect(day([])).toMatchObject({ status: 'ausente', missingSeconds: 8 * H, workedSeconds: 0 });
  });

  it('justificado with the permission type, nothing missing', () => {
    const r = day([], { permission: { type: 'licencia_medica', paid: true, from: '2026-06-29', to: '2026-07-03' } });
    expect(r).toMatchObject({ status: 'justificado', permission: { type: 'licencia_medica', paid: true }, justifiedSeconds: 8 * H, missingSeconds: 0 });
  });

  it('libre on rest days and days without planning', () => {
    expect(day([], { template: null })).toMatchObject({ status: 'libre', planKind: 'libre' });
    expect(day([], { template: null, planKind: 'sin_planificacion' })).toMatchObject({ status: 'libre', planKind: 'sin_planificacion' });
  });

  it('feriado overrides a planned shift unless the worker works holidays', () => {
    const holiday: Holiday = { date: D, name: 'Prueba', scope: 'empresa', irrenunciable: false };
    expect(day([], { holiday })).toMatchObject({ status: 'feriado', plannedSeconds: 0, missingSeconds: 0 });
    expect(day([], { holiday, options: { worksOnHolidays: true } })).toMatchObject({ status: 'ausente', plannedSeconds: 8 * H });
    const worked = day(full(), { holiday, options: { worksOnHolidays: true } });
    expect(worked).toMatchObject({ status: 'presente', workedOnSundayOrHoliday: true, overtimeSeconds: 0 });
    expect(day(full(), { holiday })).toMatchObject({ status: 'presente', plannedSeconds: 0, overtimeSeconds: 8 * H, workedOnSundayOrHoliday: true });
  });

  it('work on a rest day is present time, all of it extra, and flagged', () => {
    const r = day([m('entrada', '10:00'), m('salida', '12:00')], { template: null });
    expect(r).toMatchObject({ status: 'presente', workedSeconds: 2 * H, overtimeSeconds: 2 * H });
    expect(r.inconsistencies).toEqual([{ code: 'marca_en_dia_libre', label: 'Marca en día libre o sin planificación', markIds: r.marks.map((a) => a.mark.id) }]);
  });

  it('entrada sin salida and salida sin entrada leave the day incompleto', () => {
    expect(day([m('entrada', '08:00')])).toMatchObject({ status: 'incompleto', workedSeconds: 0 });
    expect(codes(day([m('entrada', '08:00')]))).toEqual(['entrada_sin_salida']);
    expect(codes(day([m('salida', '17:00')]))).toEqual(['salida_sin_entrada']);
  });

  it('colación incompleta: a colación start without its end, or an end without its start', () => {
    const r = day([m('entrada', '08:00'), m('inicio_colacion', '13:00'), m('salida', '17:00')]);
    expect(r).toMatchObject({ status: 'incompleto', breakSeconds: 4 * H, workedSeconds: 5 * H });
    expect(codes(r)).toEqual(['colacion_incompleta']);
    expect(codes(day([m('entrada', '08:00'), m('fin_colacion', '14:00'), m('salida', '17:00')]))).toEqual(['colacion_incompleta']);
  });

  it('marcas fuera de orden', () => {
    expect(codes(day([m('inicio_colacion', '07:50'), m('entrada', '08:00'), m('salida', '17:00')]))).toEqual(['marcas_fuera_de_orden']);
  });

  it('a mark during a permission is flagged but the day stays justified', () => {
    const r = day(full(), { permission: { type: 'vacaciones', paid: true, from: D, to: D } });
    expect(r.status).toBe('justificado');
    expect(codes(r)).toEqual(['marca_durante_permiso']);
  });

  it('ignored duplicates are listed with the day but do not count', () => {
    const r = day([m('entrada', '08:00'), m('entrada', '08:01'), m('salida', '17:00')]);
    expect(r.status).toBe('presente');
    expect(r.marks.map((a) => a.status)).toEqual(['atribuida', 'ignorada', 'atribuida']);
  });

  it('flags Sundays', () => {
    expect(day([], { template: null, date: '2026-07-05' }).isSunday).toBe(true);
  });
});
