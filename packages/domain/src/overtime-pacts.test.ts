import { describe, expect, it } from 'vitest';
import {
  checkOvertimeConfirmation,
  overtimeReviewFlags,
  overtimePactLastDay,
  pactInForce,
  pactsOverlap,
  validateOvertimePact,
} from './overtime-pacts';

const H = 3600;

describe('overtimePactLastDay: at most 3 months', () => {
  it.each([
    ['2026-01-01', '2026-03-31'],
    ['2026-01-15', '2026-04-14'],
    ['2026-11-30', '2027-02-27'],
    ['2026-12-01', '2027-02-28'],
    ['2027-11-30', '2028-02-28'],
    ['2026-10-31', '2027-01-30'],
  ])('from %s the last day is %s', (from, last) => {
    expect(overtimePactLastDay(from)).toBe(last);
  });
});

describe('validateOvertimePact', () => {
  it.each([
    [{ from: '2026-01-01', to: '2026-03-31', maxSecondsPerDay: 2 * H }, []],
    [{ from: '2026-01-01', to: '2026-01-01', maxSecondsPerDay: 1800 }, []],
    [{ from: '2026-01-01', to: '2026-04-01', maxSecondsPerDay: 2 * H }, ['longer_than_3_months']],
    [{ from: '2026-02-01', to: '2026-01-31', maxSecondsPerDay: H }, ['to_before_from']],
    [{ from: '2026-01-01', to: '2026-02-01', maxSecondsPerDay: 2 * H + 1 }, ['daily_max_over_2_hours']],
    [{ from: '2026-01-01', to: '2026-02-01', maxSecondsPerDay: 0 }, ['daily_max_not_positive']],
    [{ from: '2026-01-01', to: '2026-12-31', maxSecondsPerDay: 3 * H }, ['longer_than_3_months', 'daily_max_over_2_hours']],
  ])('%o → %o', (terms, problems) => {
    expect(validateOvertimePact(terms)).toEqual(problems);
  });
});

describe('pactsOverlap and pactInForce', () => {
  it.each([
    [{ from: '2026-01-01', to: '2026-03-31' }, { from: '2026-03-31', to: '2026-06-29' }, true],
    [{ from: '2026-01-01', to: '2026-03-31' }, { from: '2026-04-01', to: '2026-06-30' }, false],
    [{ from: '2026-02-01', to: '2026-02-10' }, { from: '2026-01-01', to: '2026-03-31' }, true],
  ])('%o and %o overlap: %s', (a, b, expected) => {
    expect(pactsOverlap(a, b)).toBe(expected);
    expect(pactsOverlap(b, a)).toBe(expected);
  });

  it('finds the pact covering a date, none after it expired', () => {
    const pacts = [{ id: 'a', from: '2026-01-01', to: '2026-03-31' }];
    expect(pactInForce(pacts, '2026-03-31')?.id).toBe('a');
    expect(pactInForce(pacts, '2026-04-01')).toBeNull();
  });
});

describe('reviewing overtime: every found second is owed, the pact does not cap a confirmation (art. 32 inc. 3)', () => {
  it.each([
    [H, H, null],
    [H, 1800, null],
    [3 * H, 3 * H, null],
    [H, H + 1, 'over_found'],
    [0, 60, 'nothing_found'],
    [H, 0, 'not_positive'],
  ])('found %i, confirmed %i → %o', (found, asked, problem) => {
    expect(checkOvertimeConfirmation(found, asked)).toBe(problem);
  });

  it('nothing is confirmed on a day a full-day paid permission covers', () => {
    expect(checkOvertimeConfirmation(8 * H, 8 * H, true)).toBe('on_paid_permission');
    expect(checkOvertimeConfirmation(8 * H, H, true)).toBe('on_paid_permission');
    expect(checkOvertimeConfirmation(0, H, true)).toBe('nothing_found');
  });
});

describe('why a day of overtime needs review', () => {
  const day = { foundSeconds: 1800, pactMaxSecondsPerDay: 2 * H, restDay: false, thresholdSeconds: 1800 };
  it.each([
    ['covered, at the threshold: nothing to review', day, []],
    ['one second over the threshold', { ...day, foundSeconds: 1801 }, ['sobre_umbral']],
    ['no pact in force (art. 32 inc. 1)', { ...day, pactMaxSecondsPerDay: null }, ['sin_pacto']],
    ['over 2 hours a day (art. 31)', { ...day, foundSeconds: 2 * H + 1 }, ['sobre_limite_legal', 'sobre_pacto', 'sobre_umbral']],
    ['over the pact but within 2 hours', { ...day, pactMaxSecondsPerDay: 1200 }, ['sobre_pacto']],
    ['on a rest day of the plan', { ...day, restDay: true }, ['dia_descanso']],
    ['worked on a paid permission, read first', { ...day, foundSeconds: 8 * H, onPaidPermission: true }, ['trabajo_en_permiso', 'sobre_limite_legal', 'sobre_pacto', 'sobre_umbral']],
    ['nothing found, nothing flagged', { ...day, foundSeconds: 0, pactMaxSecondsPerDay: null, restDay: true }, []],
  ] as const)('%s', (_name, input, flags) => {
    expect(overtimeReviewFlags(input)).toEqual(flags);
  });
});
