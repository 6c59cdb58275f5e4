import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attributeMarks } from './attribution';
import { evaluateDay } from './day-evaluation';
import type { EvaluationOptions } from './day-result';
import type { Permission } from './permissions';
import { holidayLookup, type Holiday } from './calendar/holidays';
import type { Mark, MarkKind } from './marks';
import { placeShift, type ShiftTemplate } from './shift-instance';
import { localToInstant, parseClockTime } from './time-zone';

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
  {
    template = office as ShiftTemplate | null,
    date = D,
    options = {} as EvaluationOptions,
    holiday = null as Holiday | null,
    permission = null as Permission | null,
    hourPermissions = undefined as Permission[] | undefined,
    planKind = undefined as 'libre' | 'sin_planificacion' | undefined,
  } = {},
) {
  const instance = template ? placeShift(template, date, S) : null;
  return evaluateDay({
    date,
    planKind: planKind ?? (instance ? 'turno' : 'libre'),
    instance,
    attributions: attributeMarks(marks, instance ? [instance] : [], S),
    holiday,
    permission,
    hourPermissions,
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

  // A worker on a full-day paid permission who marks anyway: the day stays justified (the permission is
  // paid), nothing is ordinary (none was owed), and what was worked shows as overtime with every mark
  // flagged. The overtime review reads the paid permission and does not offer it as overtime to confirm.
  it.each([
    ['a whole shift on vacation', full(), { type: 'VAC.', paid: true }, 8 * H],
    ['two hours on a paid permission', [m('entrada', '08:00'), m('salida', '10:00')], { type: 'P.G.R.', paid: true }, 2 * H],
    ['a shift on an unpaid permission', full(), { type: 'P.S.G.R.', paid: false }, 8 * H],
  ] as const)('%s: justified, no ordinary time, worked shown as overtime, marks flagged', (_name, marks, kind, worked) => {
    const r = day([...marks], { permission: { ...kind, from: D, to: D } });
    expect(r).toMatchObject({ status: 'justificado', permission: { type: kind.type, paid: kind.paid }, workedSeconds: worked, ordinarySeconds: 0, overtimeSeconds: worked, missingSeconds: 0, justifiedSeconds: 8 * H });
    expect(new Set(codes(r))).toEqual(new Set(['marca_durante_permiso']));
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

/** A day evaluated as the period evaluation does it: with the site's zone and holiday calendar. */
function siteDay(marks: Mark[], template: ShiftTemplate | null, date: string, extra: Partial<Parameters<typeof evaluateDay>[0]> = {}) {
  const instance = template ? placeShift(template, date, S) : null;
  return evaluateDay({
    date,
    planKind: instance ? 'turno' : 'libre',
    instance,
    attributions: attributeMarks(marks, instance ? [instance] : [], S),
    zone: S,
    holidays: holidayLookup(),
    holiday: holidayLookup()(date) ?? null,
    ...extra,
  });
}

describe('art. 34: a colación across a DST change is its written length of wall-clock time', () => {
  const night: ShiftTemplate = { start: '20:00', end: '04:00', break: { start: '23:30', end: '00:30' } };

  it('an unmarked 23:30-00:30 colación on the fall-back night deducts one hour: 8 h worked of 9 real hours', () => {
    const r = siteDay([m('entrada', '20:00', '2026-04-04'), m('salida', '04:00', '2026-04-05')], night, '2026-04-04', { holiday: null, options: { worksOnHolidays: true } });
    expect(r).toMatchObject({ plannedSeconds: 8 * H, breakSeconds: H, workedSeconds: 8 * H, missingSeconds: 0, overtimeSeconds: 0 });
  });

  it('on the spring-forward night it still deducts one hour (not zero): 6 h worked of 7 real hours', () => {
    const r = siteDay([m('entrada', '20:00', '2026-09-05'), m('salida', '04:00', '2026-09-06')], night, '2026-09-05');
    expect(r).toMatchObject({ plannedSeconds: 6 * H, breakSeconds: H, workedSeconds: 6 * H, missingSeconds: 0, overtimeSeconds: 0 });
  });
});

describe('art. 35-38: Sundays and holidays by the clock (the local calendar day, 00:00-24:00)', () => {
  const night: ShiftTemplate = { start: '22:00', end: '06:00', break: { minutes: 30 } };

  it('a Sunday-night shift into Monday is mostly not Sunday work: 2 of its 7 h 30 min fall on Sunday', () => {
    const r = siteDay([m('entrada', '22:00', '2026-07-05'), m('salida', '06:00', '2026-07-06')], night, '2026-07-05');
    expect(r).toMatchObject({ isSunday: true, workedOnSundayOrHoliday: true, workedSeconds: 7.5 * H, sundaySeconds: 2 * H, holidaySeconds: 0 });
    expect(r.sundayHolidayWork).toEqual([{ date: '2026-07-05', seconds: 2 * H, sunday: true, holiday: null }]);
  });

  it('a Saturday-night shift into Sunday works on Sunday though it starts on Saturday', () => {
    const r = siteDay([m('entrada', '22:00', '2026-07-04'), m('salida', '06:00', '2026-07-05')], night, '2026-07-04');
    expect(r).toMatchObject({ isSunday: false, workedOnSundayOrHoliday: true, sundaySeconds: 5.5 * H });
    expect(r.sundayHolidayWork.map((w) => w.date)).toEqual(['2026-07-05']);
  });

  it('a night shift from 31 December works on the 1 January holiday (irrenunciable)', () => {
    const r = siteDay([m('entrada', '22:00', '2026-12-31'), m('salida', '06:00', '2027-01-01')], night, '2026-12-31');
    expect(r).toMatchObject({ holiday: null, workedOnSundayOrHoliday: true, holidaySeconds: 5.5 * H });
    expect(r.sundayHolidayWork[0]).toMatchObject({ date: '2027-01-01', sunday: false, holiday: { name: 'Año Nuevo', irrenunciable: true } });
  });

  it('a fixed colación is taken off the day it falls on', () => {
    const fixed: ShiftTemplate = { start: '22:00', end: '06:00', break: { start: '23:00', end: '23:30' } };
    const r = siteDay([m('entrada', '22:00', '2026-07-05'), m('salida', '06:00', '2026-07-06')], fixed, '2026-07-05');
    expect(r).toMatchObject({ workedSeconds: 7.5 * H, sundaySeconds: 1.5 * H });
  });

  it('a weekday shift touches no Sunday or holiday', () => {
    const r = siteDay(full(), office, D);
    expect(r).toMatchObject({ workedOnSundayOrHoliday: false, sundaySeconds: 0, holidaySeconds: 0, sundayHolidayWork: [] });
  });
});

describe('art. 38 inciso final: exceptional schedules answer to their resolution, not to the 10-hour day', () => {
  const twelve: ShiftTemplate = { start: '08:00', end: '21:00', break: { start: '13:00', end: '14:00' } };
  const worked = () => [m('entrada', '08:00'), m('salida', '21:00')];
  const codes = (r: ReturnType<typeof day>) => r.inconsistencies.map((i) => i.code);

  it('a 12-hour ordinary shift is over the legal maximum for an ordinary schedule', () => {
    expect(codes(day(worked(), { template: twelve }))).toEqual(['jornada_sobre_maximo_legal']);
  });

  it('is not for an authorised exceptional schedule, which may set its own daily limit', () => {
    expect(codes(day(worked(), { template: twelve, options: { exceptionalSchedule: true } }))).toEqual([]);
    expect(codes(day(worked(), { template: twelve, options: { exceptionalSchedule: { resolution: '1234/2026', dailyOrdinaryHours: 12 } } }))).toEqual([]);
    expect(codes(day(worked(), { template: twelve, options: { exceptionalSchedule: { dailyOrdinaryHours: 11 } } }))).toEqual(['jornada_sobre_maximo_legal']);
  });

  it('its overtime is still limited to 2 hours a day (art. 31)', () => {
    const r = day([m('entrada', '08:00'), m('salida', '23:30')], { template: twelve, options: { exceptionalSchedule: true } });
    expect(r.overtimeBeyondLimitSeconds).toBe(0.5 * H);
    expect(codes(r)).toEqual(['jornada_sobre_maximo_legal']);
  });
});

describe('hour permissions justify the lateness, early leave or absence they cover', () => {
  const permit = (start: string, end: string, extra: Partial<Permission> = {}): Permission => ({ type: 'permiso_con_goce', paid: true, from: D, to: D, hours: { start, end }, ...extra });

  it('a permission from 08:00 to 10:00: arriving at 10:00 is not late and the two hours are justified', () => {
    const r = day([m('entrada', '10:00'), m('salida', '17:00')], { permission: permit('08:00', '10:00') });
    expect(r).toMatchObject({ status: 'presente', lateSeconds: 0, justifiedSeconds: 2 * H, missingSeconds: 0, workedSeconds: 6 * H, ordinarySeconds: 6 * H, overtimeSeconds: 0 });
    expect(r.hourPermissions).toEqual([{ type: 'permiso_con_goce', paid: true, unit: 'horas', hours: { start: '08:00', end: '10:00' }, seconds: 2 * H }]);
    expect(r.permission).toBeNull();
  });

  it('lateness past the permission counts from its end, with the shift tolerance', () => {
    expect(day([m('entrada', '10:03'), m('salida', '17:00')], { permission: permit('08:00', '10:00') }).lateSeconds).toBe(0);
    expect(day([m('entrada', '10:10'), m('salida', '17:00')], { permission: permit('08:00', '10:00') })).toMatchObject({ lateSeconds: 600, missingSeconds: 600, justifiedSeconds: 2 * H });
  });

  it('leaving at 15:00 with a permission from 15:00 is not early leave', () => {
    expect(day([m('entrada', '08:00'), m('salida', '15:00')], { permission: permit('15:00', '17:00') })).toMatchObject({ earlyLeaveSeconds: 0, justifiedSeconds: 2 * H, missingSeconds: 0 });
  });

  it('a permission in the middle of the day justifies the time away; the colación window is not planned work', () => {
    const r = day([m('entrada', '08:00'), m('salida', '12:00'), m('entrada', '14:30'), m('salida', '17:00')], { permission: permit('12:00', '14:30') });
    expect(r).toMatchObject({ status: 'presente', justifiedSeconds: 1.5 * H, missingSeconds: 0, workedSeconds: 6.5 * H });
  });

  it('time worked during an unused permission is ordinary time, not overtime, and the marks are flagged', () => {
    const r = day([m('entrada', '08:00'), m('inicio_colacion', '13:00'), m('fin_colacion', '14:00'), m('salida', '19:00')], { permission: permit('15:00', '17:00') });
    expect(r).toMatchObject({ justifiedSeconds: 0, ordinarySeconds: 8 * H, overtimeSeconds: 2 * H });
    const inside = day([m('entrada', '08:00'), m('inicio_colacion', '10:30'), m('fin_colacion', '11:00'), m('salida', '17:00')], { permission: permit('10:00', '12:00') });
    expect(inside.inconsistencies).toEqual([{ code: 'marca_durante_permiso', label: 'Marca durante un permiso', markIds: [inside.marks[1]!.mark.id, inside.marks[2]!.mark.id] }]);
    expect(inside.status).toBe('presente');
  });

  it('absent all day with a morning permission: absent, the morning justified and the rest missing', () => {
    expect(day([], { permission: permit('08:00', '12:00') })).toMatchObject({ status: 'ausente', justifiedSeconds: 4 * H, missingSeconds: 4 * H });
  });

  it('an hour permission covering the whole shift justifies the day', () => {
    expect(day([], { permission: permit('08:00', '17:00') })).toMatchObject({
      status: 'justificado',
      justifiedSeconds: 8 * H,
      missingSeconds: 0,
      permission: { type: 'permiso_con_goce', unit: 'horas', seconds: 8 * H },
    });
  });

  it('a whole-day permission takes precedence over hour permissions', () => {
    const r = day([], { permission: { type: 'vacaciones', paid: true, from: D, to: D }, hourPermissions: [permit('08:00', '10:00')] });
    expect(r).toMatchObject({ status: 'justificado', permission: { type: 'vacaciones', unit: 'dias_habiles', hours: null, seconds: 8 * H }, hourPermissions: [] });
  });

  it('ordinary + missing + justified = planned and ordinary + overtime = worked, whatever the marks and the range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6 * 60, max: 19 * 60 }),
        fc.integer({ min: 15, max: 10 * 60 }),
        fc.integer({ min: 6 * 60, max: 11 * 60 }),
        fc.integer({ min: 12 * 60, max: 21 * 60 }),
        (from, length, entrada, salida) => {
          const hhmm = (min: number) => `${String(Math.floor(min / 60) % 24).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
          const r = day([m('entrada', hhmm(entrada)), m('salida', hhmm(salida))], { permission: permit(hhmm(from), hhmm(Math.min(from + length, 23 * 60 + 59))) });
          expect(r.ordinarySeconds + r.missingSeconds + r.justifiedSeconds).toBe(r.plannedSeconds);
          expect(r.ordinarySeconds + r.overtimeSeconds).toBe(r.workedSeconds);
          expect(r.justifiedSeconds).toBeGreaterThanOrEqual(0);
          expect(r.missingSeconds).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('art. 35 and 32: a holiday worked by a worker outside art. 38', () => {
  const holiday: Holiday = { date: D, name: 'Prueba', scope: 'nacional', irrenunciable: false };

  it('is all overtime, with the planned colación deducted when not marked (art. 34: it is not worked time)', () => {
    const r = day([m('entrada', '08:00'), m('salida', '17:00')], { holiday });
    expect(r).toMatchObject({ status: 'presente', plannedSeconds: 0, breakSeconds: H, workedSeconds: 8 * H, ordinarySeconds: 0, overtimeSeconds: 8 * H, lateSeconds: 0 });
    expect(r).toMatchObject({ overtimeWithinLimitSeconds: 2 * H, overtimeBeyondLimitSeconds: 6 * H, holidaySeconds: 8 * H });
    // More than 2 hours of overtime in a day (art. 31): flagged.
    expect(r.inconsistencies.map((i) => i.code)).toEqual(['jornada_sobre_maximo_legal']);
  });

  it('a marked colación is what counts; a worker under art. 38 works the holiday as an ordinary day', () => {
    expect(day(full(), { holiday })).toMatchObject({ breakSeconds: H, workedSeconds: 8 * H, overtimeSeconds: 8 * H });
    expect(day([m('entrada', '08:00'), m('salida', '17:00')], { holiday, options: { worksOnHolidays: true } })).toMatchObject({
      plannedSeconds: 8 * H,
      ordinarySeconds: 8 * H,
      overtimeSeconds: 0,
      holidaySeconds: 8 * H,
    });
  });
});

describe('art. 22 inc. 2: a worker excluded from the limitation of the working day', () => {
  const excluded: EvaluationOptions = { excludedFromHoursLimit: true };
  const holiday: Holiday = { date: D, name: 'Prueba', scope: 'nacional', irrenunciable: false };
  const codes = (r: ReturnType<typeof day>) => r.inconsistencies.map((i) => i.code);
  const none = { lateSeconds: 0, earlyLeaveSeconds: 0, missingSeconds: 0, overtimeSeconds: 0, overtimeWithinLimitSeconds: 0, overtimeBeyondLimitSeconds: 0 };

  it.each([
    ['art. 22 inc. 2: an unplanned 10-hour day is 10 ordinary hours, no overtime, no legal maximum', [m('entrada', '08:00'), m('salida', '18:00')], { template: null }, { status: 'presente', planKind: 'libre', workedSeconds: 10 * H, ordinarySeconds: 10 * H }],
    ['art. 22 inc. 2: 14 hours on a planned day are ordinary, with no legal maximum', [m('entrada', '07:00'), m('inicio_colacion', '13:00'), m('fin_colacion', '14:00'), m('salida', '22:00')], {}, { status: 'presente', plannedSeconds: 8 * H, workedSeconds: 14 * H, ordinarySeconds: 14 * H }],
    ['art. 22 inc. 2: arriving at 10:30 and leaving at 15:00 is no lateness, no early leave, nothing missing', [m('entrada', '10:30'), m('salida', '15:00')], {}, { status: 'presente', workedSeconds: 3.5 * H, ordinarySeconds: 3.5 * H, breakSeconds: H }],
    ['art. 22 inc. 2: time before the planned start is worked time (there is no jornada to start)', [m('entrada', '07:00'), m('salida', '17:00')], {}, { workedSeconds: 9 * H, ordinarySeconds: 9 * H }],
    ['art. 22 inc. 2: a planned day without marks is no absence (the plan stays shown)', [], {}, { status: 'libre', planKind: 'turno', plannedSeconds: 8 * H, workedSeconds: 0, ordinarySeconds: 0 }],
    ['art. 22 inc. 2: a whole-day permission still justifies the day', [], { permission: { type: 'vacaciones', paid: true, from: D, to: D } }, { status: 'justificado', justifiedSeconds: 8 * H, permission: { type: 'vacaciones' } }],
    ['art. 22 inc. 2 and art. 35: a worked holiday is recorded as holiday work, not overtime', [m('entrada', '08:00'), m('salida', '17:00')], { holiday }, { status: 'presente', plannedSeconds: 0, workedSeconds: 8 * H, ordinarySeconds: 8 * H, holidaySeconds: 8 * H, workedOnSundayOrHoliday: true }],
    ['art. 22 inc. 2: a holiday without marks stays a holiday', [], { holiday }, { status: 'feriado', plannedSeconds: 0 }],
  ] as const)('%s', (_title, marks, opts, expected) => {
    const r = day([...marks], { ...opts, options: excluded } as Parameters<typeof day>[1]);
    expect(r).toMatchObject({ ...none, ...expected });
    expect(codes(r)).not.toContain('jornada_sobre_maximo_legal');
    expect(r.ordinarySeconds + r.overtimeSeconds).toBe(r.workedSeconds);
  });

  it('art. 22 inc. 2: the same unplanned 10-hour day of a worker under the limit is 10 hours of overtime over the legal maximum', () => {
    const r = day([m('entrada', '08:00'), m('salida', '18:00')], { template: null });
    expect(r).toMatchObject({ overtimeSeconds: 10 * H, overtimeBeyondLimitSeconds: 8 * H });
    expect(codes(r)).toContain('jornada_sobre_maximo_legal');
  });

  it('art. 22 inc. 2: the marks are still recorded, with their inconsistencies (a mark on a rest day, an entrada without salida)', () => {
    const rest = day([m('entrada', '08:00'), m('salida', '18:00')], { template: null, options: excluded });
    expect(codes(rest)).toEqual(['marca_en_dia_libre']);
    expect(rest.marks).toHaveLength(2);
    const open = day([m('entrada', '08:00')], { options: excluded });
    expect(open).toMatchObject({ status: 'incompleto', ...none });
    expect(codes(open)).toEqual(['entrada_sin_salida']);
  });

  it('art. 22 inc. 2: with hour permissions nothing is missing either', () => {
    const r = day([m('entrada', '10:10'), m('salida', '17:00')], { hourPermissions: [{ type: 'tramite', paid: true, from: D, to: D, hours: { start: '08:00', end: '10:00' } }], options: excluded });
    expect(r).toMatchObject({ status: 'presente', ...none, justifiedSeconds: 2 * H });
  });
});

describe('art. 27 (Ley 21.561): the flexible start band of a parent of a child up to twelve', () => {
  // The shift is planned at the band's earliest start (08:00) and the contract gives a band of 60 minutes.
  const band: EvaluationOptions = { flexibleStartBandSeconds: H };
  const zero = { lateSeconds: 0, earlyLeaveSeconds: 0, missingSeconds: 0, overtimeSeconds: 0 };

  it.each([
    ['art. 27: entering at 08:45 with a 60-minute band is no lateness; leaving at 17:45 owes nothing and is no overtime', '08:45', '17:45', { ...zero, workedSeconds: 8 * H, ordinarySeconds: 8 * H }, 45 * 60],
    ['art. 27: entering at 08:45 moves the exit, so leaving at 17:00 is 45 minutes of early leave and missing time', '08:45', '17:00', { lateSeconds: 0, earlyLeaveSeconds: 45 * 60, missingSeconds: 45 * 60, overtimeSeconds: 0 }, 45 * 60],
    ['art. 27: entering at 09:15, past the band, is 15 minutes late (the band is not tolerance)', '09:15', '18:00', { lateSeconds: 15 * 60, earlyLeaveSeconds: 0, missingSeconds: 15 * 60, overtimeSeconds: 0 }, H],
    ['art. 27: entering at 09:15 and leaving at 18:15 works the whole jornada', '09:15', '18:15', { lateSeconds: 15 * 60, missingSeconds: 0, overtimeSeconds: 0, workedSeconds: 8 * H }, H],
    ['art. 27: overtime counts only past the moved end (08:45 to 18:15 is 30 minutes)', '08:45', '18:15', { lateSeconds: 0, earlyLeaveSeconds: 0, missingSeconds: 0, overtimeSeconds: 30 * 60 }, 45 * 60],
    ['art. 27: entering on time moves nothing', '08:00', '17:00', { ...zero, workedSeconds: 8 * H }, 0],
  ] as const)('%s', (_title, entrada, salida, expected, moved) => {
    const r = day([m('entrada', entrada), m('salida', salida)], { options: band });
    expect(r).toMatchObject({ status: 'presente', ...expected });
    expect(r.parentsRights?.flexibleStartSeconds ?? 0).toBe(moved);
    expect(r.ordinarySeconds + r.missingSeconds + r.justifiedSeconds).toBe(r.plannedSeconds);
  });

  it('art. 27: without the band, entering at 08:45 is 45 minutes late', () => {
    expect(day([m('entrada', '08:45'), m('salida', '17:45')])).toMatchObject({ lateSeconds: 45 * 60, missingSeconds: 0 });
  });

  it('art. 27: a planned day without marks is still an absence', () => {
    expect(day([], { options: band })).toMatchObject({ status: 'ausente', missingSeconds: 8 * H });
  });
});

describe('art. 206: the feeding hour of a mother of a child under two, counted as worked time', () => {
  const until = '2027-03-10'; // the child's second birthday
  const at = (mode: 'inicio' | 'fin' | 'dividido'): EvaluationOptions => ({ feedingRight: { until, mode } });
  const invariant = (r: ReturnType<typeof day>) => expect(r.ordinarySeconds + r.missingSeconds + r.justifiedSeconds).toBe(r.plannedSeconds);

  it.each([
    ["art. 206 'fin': leaving at 16:00, 60 minutes early, is no early leave and nothing is missing", 'fin', '08:00', '16:00', { earlyLeaveSeconds: 0, missingSeconds: 0, justifiedSeconds: H, workedSeconds: 7 * H }],
    ["art. 206 'fin': leaving at 15:59, 61 minutes early, is 1 minute missing", 'fin', '08:00', '15:59', { missingSeconds: 60, justifiedSeconds: H, earlyLeaveSeconds: 0 }],
    ["art. 206 'fin': leaving at 15:54 is 6 minutes of early leave, past the 5-minute tolerance", 'fin', '08:00', '15:54', { missingSeconds: 6 * 60, earlyLeaveSeconds: 6 * 60 }],
    ["art. 206 'inicio': entering at 09:00 is no lateness and nothing is missing", 'inicio', '09:00', '17:00', { lateSeconds: 0, missingSeconds: 0, justifiedSeconds: H }],
    ["art. 206 'inicio': entering at 09:10 is 10 minutes late", 'inicio', '09:10', '17:00', { lateSeconds: 10 * 60, missingSeconds: 10 * 60, justifiedSeconds: H }],
    ["art. 206 'dividido': entering at 08:30 and leaving at 16:30 owes nothing", 'dividido', '08:30', '16:30', { lateSeconds: 0, earlyLeaveSeconds: 0, missingSeconds: 0, justifiedSeconds: H }],
    ["art. 206 'fin': staying until 17:00 does not use the hour and earns no overtime", 'fin', '08:00', '17:00', { missingSeconds: 0, justifiedSeconds: 0, overtimeSeconds: 0 }],
  ] as const)('%s', (_title, mode, entrada, salida, expected) => {
    const r = day([m('entrada', entrada), m('salida', salida)], { options: at(mode) });
    expect(r).toMatchObject({ status: 'presente', ...expected });
    invariant(r);
  });

  it("art. 206: on and after the child's second birthday the normal rules apply", () => {
    const date = '2027-03-10';
    const r = day([m('entrada', '08:00', date), m('salida', '16:00', date)], { date, options: at('fin') });
    expect(r).toMatchObject({ earlyLeaveSeconds: H, missingSeconds: H, justifiedSeconds: 0 });
    expect(r.parentsRights).toBeUndefined();
    const before = '2027-03-09';
    expect(day([m('entrada', '08:00', before), m('salida', '16:00', before)], { date: before, options: at('fin') })).toMatchObject({ earlyLeaveSeconds: 0, missingSeconds: 0, parentsRights: { feedingSeconds: H, feedingMode: 'fin' } });
  });

  it('art. 206: a planned day without marks is an absence of the whole jornada', () => {
    expect(day([], { options: at('fin') })).toMatchObject({ status: 'ausente', missingSeconds: 8 * H, justifiedSeconds: 0 });
  });

  it('art. 27 and art. 206 together: entering at 08:30 with a 60-minute band and leaving an hour before the moved end owes nothing', () => {
    const r = day([m('entrada', '08:30'), m('salida', '16:30')], { options: { flexibleStartBandSeconds: H, feedingRight: { until, mode: 'fin' } } });
    expect(r).toMatchObject({ lateSeconds: 0, earlyLeaveSeconds: 0, missingSeconds: 0, justifiedSeconds: H, parentsRights: { flexibleStartSeconds: 30 * 60, feedingSeconds: H } });
  });
});
