import { describe, expect, it } from 'vitest';
import { expectedMarksOf, limitBreaches, missedMarks, MISSED_MARK_DELAY_SECONDS, type MissedMarksInput } from './alerts';
import type { Mark, MarkKind } from './marks';
import { placeShift, type ShiftTemplate } from './shift-instance';

const S = 'America/Santiago';
const day: ShiftTemplate = { start: '08:00', end: '17:00', break: { start: '13:00', end: '14:00' } };
const night: ShiftTemplate = { start: '22:00', end: '06:00', break: { minutes: 30 } };
const ms = (iso: string) => new Date(iso).getTime();
const iso = (n: number) => new Date(n).toISOString();
let seq = 0;
const mark = (kind: MarkKind, at: string): Mark => ({ id: `m${++seq}`, kind, at: ms(at) });

function run(over: Partial<MissedMarksInput> & Pick<MissedMarksInput, 'now'>): [string, MarkKind, string][] {
  const input: MissedMarksInput = {
    instances: [placeShift(day, '2026-03-10', S)],
    marks: [],
    permissions: [],
    zone: S,
    since: 0,
    breaks: false,
    ...over,
  };
  return missedMarks(input).map((m) => [m.date, m.kind, iso(m.dueAt)]);
}

describe('expected marks of a shift', () => {
  it('entrada at the start and salida at the end, colación of a fixed break when asked, each due 30 minutes later', () => {
    const i = placeShift(day, '2026-03-10', S); // UTC-3
    expect(expectedMarksOf(i, false).map((e) => [e.kind, iso(e.expectedAt), iso(e.dueAt)])).toEqual([
      ['entrada', '2026-03-10T11:00:00.000Z', '2026-03-10T11:30:00.000Z'],
      ['salida', '2026-03-10T20:00:00.000Z', '2026-03-10T20:30:00.000Z'],
    ]);
    expect(expectedMarksOf(i, true).map((e) => e.kind)).toEqual(['entrada', 'inicio_colacion', 'fin_colacion', 'salida']);
    expect(MISSED_MARK_DELAY_SECONDS).toBe(1800);
  });

  it('a break of some minutes has no expected instant', () => {
    expect(expectedMarksOf(placeShift(night, '2026-03-10', S), true).map((e) => e.kind)).toEqual(['entrada', 'salida']);
  });
});

describe('missed marks', () => {
  it('the entrada alert is due at +30 minutes, not at +29', () => {
    expect(run({ now: ms('2026-03-10T11:29:59Z') })).toEqual([]);
    expect(run({ now: ms('2026-03-10T11:30:00Z') })).toEqual([['2026-03-10', 'entrada', '2026-03-10T11:30:00.000Z']]);
  });

  it('a mark taken by the time of the pass cancels it, early ones too; a mark of another shift does not', () => {
    expect(run({ now: ms('2026-03-10T11:31:00Z'), marks: [mark('entrada', '2026-03-10T11:20:00Z')] })).toEqual([]);
    expect(run({ now: ms('2026-03-10T11:31:00Z'), marks: [mark('entrada', '2026-03-10T10:10:00Z')] })).toEqual([]); // early
    expect(run({ now: ms('2026-03-10T11:35:00Z'), marks: [mark('entrada', '2026-03-10T11:32:00Z')] })).toEqual([]); // a late pass
    expect(run({ now: ms('2026-03-10T11:31:00Z'), marks: [mark('entrada', '2026-03-10T11:40:00Z')] })).toHaveLength(1); // not yet taken at `now`
    expect(run({ now: ms('2026-03-10T11:31:00Z'), marks: [mark('entrada', '2026-03-09T11:00:00Z')] })).toHaveLength(1); // yesterday's
  });

  it('only alerts due after `since` are returned (earlier passes owed them)', () => {
    expect(run({ since: ms('2026-03-10T11:30:00Z'), now: ms('2026-03-10T11:40:00Z') })).toEqual([]);
  });

  it('the salida and the colación are expected only after an entrada; the fin de colación only after an inicio', () => {
    const entered = [mark('entrada', '2026-03-10T11:00:00Z')];
    expect(run({ now: ms('2026-03-10T21:00:00Z'), breaks: true })).toEqual([['2026-03-10', 'entrada', '2026-03-10T11:30:00.000Z']]);
    expect(run({ now: ms('2026-03-10T21:00:00Z'), breaks: true, marks: entered })).toEqual([
      ['2026-03-10', 'inicio_colacion', '2026-03-10T16:30:00.000Z'],
      ['2026-03-10', 'salida', '2026-03-10T20:30:00.000Z'],
    ]);
    expect(run({ now: ms('2026-03-10T21:00:00Z'), breaks: true, marks: [...entered, mark('inicio_colacion', '2026-03-10T16:05:00Z')] })).toEqual([
      ['2026-03-10', 'fin_colacion', '2026-03-10T17:30:00.000Z'],
      ['2026-03-10', 'salida', '2026-03-10T20:30:00.000Z'],
    ]);
    expect(run({ now: ms('2026-03-10T21:00:00Z'), breaks: false, marks: [...entered, mark('salida', '2026-03-10T20:10:00Z')] })).toEqual([]);
  });

  it('an approved permission of the day, or of hours covering the expected instant, cancels the alert', () => {
    const now = ms('2026-03-10T12:00:00Z');
    expect(run({ now, permissions: [{ type: 'vacaciones', paid: true, from: '2026-03-09', to: '2026-03-13' }] })).toEqual([]);
    expect(run({ now, permissions: [{ type: 'permiso_con_goce', paid: true, from: '2026-03-10', to: '2026-03-10', hours: { start: '07:30', end: '10:00' } }] })).toEqual([]);
    expect(run({ now, permissions: [{ type: 'permiso_con_goce', paid: true, from: '2026-03-10', to: '2026-03-10', hours: { start: '15:00', end: '17:00' } }] })).toHaveLength(1);
    expect(run({ now, permissions: [{ type: 'vacaciones', paid: true, from: '2026-03-11', to: '2026-03-13' }] })).toHaveLength(1);
  });

  it('DST: an 08:00 entrada on Sunday 2026-09-06 is expected at 11:00Z (UTC-3), the day before at 12:00Z (UTC-4)', () => {
    const instances = [placeShift(day, '2026-09-05', S), placeShift(day, '2026-09-06', S)];
    expect(run({ instances, now: ms('2026-09-05T12:29:00Z') })).toEqual([]);
    expect(run({ instances, now: ms('2026-09-05T12:30:00Z') })).toEqual([['2026-09-05', 'entrada', '2026-09-05T12:30:00.000Z']]);
    expect(run({ instances, since: ms('2026-09-05T12:30:00Z'), now: ms('2026-09-06T11:30:00Z') })).toEqual([['2026-09-06', 'entrada', '2026-09-06T11:30:00.000Z']]);
  });

  it('DST: the salida of the 22:00 shift of Sat 2026-04-04 (9 real hours) is due at 10:30Z', () => {
    const instances = [placeShift(night, '2026-04-04', S)];
    const marks = [mark('entrada', '2026-04-05T01:00:00Z')];
    expect(run({ instances, marks, now: ms('2026-04-05T10:29:59Z') })).toEqual([]);
    expect(run({ instances, marks, now: ms('2026-04-05T10:30:00Z') })).toEqual([['2026-04-04', 'salida', '2026-04-05T10:30:00.000Z']]);
  });
});

describe('legal limits of worked time', () => {
  const H = 3600;
  it('a day past 10 hours; exactly 10 is not past', () => {
    expect(limitBreaches([{ date: '2026-03-10', workedSeconds: 10 * H }])).toEqual([]);
    expect(limitBreaches([{ date: '2026-03-10', workedSeconds: 10 * H + 1 }])).toEqual([
      { kind: 'limite_diario', date: '2026-03-10', workedSeconds: 10 * H + 1, limitSeconds: 10 * H },
    ]);
  });

  it('the weekly limit follows Ley 21.561 by date: 44 h the week of 2026-04-20, 42 h from 2026-04-26 on', () => {
    const week = (monday: string, hoursEach: number) =>
      [0, 1, 2, 3, 4].map((i) => ({ date: new Date(ms(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), workedSeconds: hoursEach * H }));
    expect(limitBreaches(week('2026-04-13', 8.8))).toEqual([]); // 44 h under 44
    expect(limitBreaches(week('2026-04-27', 8.8))).toMatchObject([{ kind: 'limite_semanal', date: '2026-04-27', limitSeconds: 42 * H }]);
    expect(limitBreaches(week('2026-04-27', 8.4))).toEqual([]); // 42 h passes
  });

  it('an exceptional schedule checks its resolution’s daily hours and no weekly figure', () => {
    const days = [{ date: '2026-03-10', workedSeconds: 11 * H }];
    expect(limitBreaches(days, { exceptionalSchedule: { dailyOrdinaryHours: 12 } })).toEqual([]);
    expect(limitBreaches(days, { exceptionalSchedule: true })).toEqual([]);
  });

  it('art. 22 inc. 2: a worker excluded from the limitation of the working day has no daily or weekly limit to pass', () => {
    const days = ['2026-04-27', '2026-04-28', '2026-04-29', '2026-04-30', '2026-05-01'].map((date) => ({ date, workedSeconds: 12 * H }));
    expect(limitBreaches(days).map((b) => b.kind)).toContain('limite_semanal');
    expect(limitBreaches(days, { excludedFromHoursLimit: true })).toEqual([]);
  });
});
