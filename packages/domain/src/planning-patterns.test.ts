import { describe, expect, it } from 'vitest';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import { expandPattern, fixedWeek, parseRotationName, rotationCycle, type PatternDay, type PlanningPattern } from './planning-patterns';
import { placeShift, type ShiftTemplate } from './shift-instance';

/** `T` for a shift day, `L` for a rest day, one letter per date. */
const letters = (days: PatternDay<string>[]) => days.map((d) => (d.step.kind === 'turno' ? d.step.shift : 'L')).join('');

describe('planning patterns', () => {
  it.each<[string, PlanningPattern<string>, string, string, string]>([
    ['4x4 across a month boundary', { kind: 'rotation', on: 4, off: 4, shift: 'T' }, '2026-01-29', '2026-02-10', 'TTTTLLLLTTTTL'],
    ['4x4 with offset 2 starts mid-block', { kind: 'rotation', on: 4, off: 4, shift: 'T', offset: 2 }, '2026-01-29', '2026-02-04', 'TTLLLLT'],
    ['4x4 with offset 6 starts on the rest days', { kind: 'rotation', on: 4, off: 4, shift: 'T', offset: 6 }, '2026-03-01', '2026-03-06', 'LLTTTT'],
    ['7x7', { kind: 'rotation', on: 7, off: 7, shift: 'T' }, '2026-12-28', '2027-01-12', 'TTTTTTTLLLLLLLTT'],
    ['14x14 over a leap February', { kind: 'rotation', on: 14, off: 14, shift: 'T' }, '2028-02-15', '2028-03-15', `${'T'.repeat(14)}${'L'.repeat(14)}TT`],
    ['5x2 rotation from a Monday is Monday to Friday', { kind: 'rotation', on: 5, off: 2, shift: 'T' }, '2026-06-01', '2026-06-14', 'TTTTTLLTTTTTLL'],
    ['rotation anchored before the range keeps its cycle', { kind: 'rotation', on: 4, off: 4, shift: 'T', anchor: '2026-01-01' }, '2026-01-07', '2026-01-12', 'LLTTTT'],
    ['custom sequence repeats', { kind: 'sequence', steps: [{ kind: 'turno', shift: 'M' }, { kind: 'turno', shift: 'M' }, { kind: 'turno', shift: 'N' }, { kind: 'libre' }] }, '2026-03-30', '2026-04-08', 'MMNLMMNLMM'],
    ['custom sequence with offset', { kind: 'sequence', steps: [{ kind: 'turno', shift: 'M' }, { kind: 'turno', shift: 'N' }, { kind: 'libre' }], offset: 4 }, '2026-05-01', '2026-05-05', 'NLMNL'],
  ])('%s', (_name, pattern, from, to, expected) => {
    const days = expandPattern(pattern, from, to);
    expect(letters(days)).toBe(expected);
    expect(days[0]!.date).toBe(from);
    expect(days.at(-1)!.date).toBe(to);
  });

  it('a fixed week (5x2 Monday to Friday) follows weekdays whatever the start date', () => {
    const pattern: PlanningPattern<string> = { kind: 'fixed_week', week: fixedWeek('O', [1, 2, 3, 4, 5]) };
    // 2026-07-01 is a Wednesday.
    expect(letters(expandPattern(pattern, '2026-07-01', '2026-07-14'))).toBe('OOOLLOOOOOLLOO');
    expect(letters(expandPattern({ kind: 'fixed_week', week: fixedWeek('O', [1, 2, 3, 4, 5, 6]) }, '2026-07-06', '2026-07-12'))).toBe('OOOOOOL');
  });

  it('consecutive ranges continue the same rotation when anchored on the first start', () => {
    const whole = expandPattern({ kind: 'rotation', on: 4, off: 4, shift: 'T' }, '2026-01-01', '2026-03-31');
    const second = expandPattern({ kind: 'rotation', on: 4, off: 4, shift: 'T', anchor: '2026-01-01' }, '2026-02-01', '2026-03-31');
    expect(letters(second)).toBe(letters(whole.slice(31)));
  });

  it('refuses malformed patterns', () => {
    expect(() => rotationCycle(0, 4, 'T')).toThrow(RangeError);
    expect(() => expandPattern({ kind: 'sequence', steps: [] }, '2026-01-01', '2026-01-02')).toThrow(RangeError);
    expect(() => expandPattern({ kind: 'fixed_week', week: fixedWeek('T', [1]).slice(0, 6) }, '2026-01-01', '2026-01-02')).toThrow(RangeError);
    expect(() => expandPattern({ kind: 'rotation', on: 4, off: 4, shift: 'T', offset: -1 }, '2026-01-01', '2026-01-02')).toThrow(RangeError);
  });

  it.each([
    ['4x4', { on: 4, off: 4 }],
    ['7X7', { on: 7, off: 7 }],
    [' 14 x 14 ', { on: 14, off: 14 }],
    ['5×2', { on: 5, off: 2 }],
    ['abc', null],
    ['0x4', null],
    ['4x40', null],
  ])('parses the rotation name %s', (text, expected) => {
    expect(parseRotationName(text)).toEqual(expected);
  });

  it('a night-shift rotation across the 2026 DST changes plans 9 and 7 real hours on the change nights', () => {
    const night: ShiftTemplate = { start: '22:00', end: '06:00', break: null };
    const zone = 'America/Santiago';
    // 4x4 anchored so that Saturday 2026-04-04 and Saturday 2026-09-05 are work nights.
    const april = expandPattern({ kind: 'rotation', on: 4, off: 4, shift: night }, '2026-04-02', '2026-04-09');
    const september = expandPattern({ kind: 'rotation', on: 4, off: 4, shift: night }, '2026-09-03', '2026-09-10');
    const hours = (days: PatternDay<ShiftTemplate>[]) =>
      days.map((d) => (d.step.kind === 'turno' ? placeShift(d.step.shift, d.date, zone).plannedSeconds / 3600 : 0));
    expect(hours(april)).toEqual([8, 8, 9, 8, 0, 0, 0, 0]);
    expect(hours(september)).toEqual([8, 8, 7, 8, 0, 0, 0, 0]);
  });

  it('a 44-hour week expanded from a pattern breaks the 42-hour limit in the week of 2026-04-27; 42 hours passes', () => {
    const shift = (end: string): ShiftTemplate => ({ start: '08:00', end, break: { minutes: 60 } });
    const alertsFor = (template: ShiftTemplate, days: number[]) => {
      const plan = new Map<string, PlanEntry>();
      for (const d of expandPattern({ kind: 'fixed_week', week: fixedWeek(template, days) }, '2026-04-27', '2026-05-03')) {
        plan.set(d.date, d.step.kind === 'turno' ? { kind: 'turno', shift: d.step.shift } : { kind: 'libre' });
      }
      return evaluatePeriod({ from: '2026-04-27', to: '2026-05-03', plan, marks: [] }).planAlerts.map((a) => a.code);
    };
    // Five days of 8 h 48 min net = 44 h; five of 8 h 24 min = 42 h.
    expect(alertsFor(shift('17:48'), [1, 2, 3, 4, 5])).toContain('jornada_semanal_sobre_limite');
    expect(alertsFor(shift('17:24'), [1, 2, 3, 4, 5])).not.toContain('jornada_semanal_sobre_limite');
  });
});
