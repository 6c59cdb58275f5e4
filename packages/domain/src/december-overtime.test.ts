import { describe, expect, it } from 'vitest';
import { decemberExtensionCover } from './december-overtime';
import { overtimeReviewFlags } from './overtime-pacts';

const H = 3600;
// Week of Monday 14 December 2026; Tuesday 15 declared with 2 hours of extension (art. 24).
const declared = new Map([['2026-12-15', 2 * H]]);

describe('the December extension explains overtime without a pact (art. 24 inc. 1 and 2)', () => {
  it.each([
    [
      'a planned extension the engine gave to the Saturday as time over the agreed hours: all covered',
      [{ date: '2026-12-19', overtimeSeconds: 2 * H, overAgreedSeconds: 2 * H }],
      { '2026-12-19': { coveredSeconds: 2 * H, beyondExtensionSeconds: 0 } },
    ],
    [
      'the extension worked beyond a plan that did not write it down, on the declared day: covered',
      [{ date: '2026-12-15', overtimeSeconds: 2 * H, overAgreedSeconds: 0 }],
      { '2026-12-15': { coveredSeconds: 2 * H, beyondExtensionSeconds: 0 } },
    ],
    [
      'a planned extension plus an hour past the plan on the declared day: the hour is beyond the extension',
      [
        { date: '2026-12-15', overtimeSeconds: H, overAgreedSeconds: 0 },
        { date: '2026-12-19', overtimeSeconds: 2 * H, overAgreedSeconds: 2 * H },
      ],
      { '2026-12-15': { coveredSeconds: 0, beyondExtensionSeconds: H }, '2026-12-19': { coveredSeconds: 2 * H, beyondExtensionSeconds: 0 } },
    ],
    [
      'time past the plan on an undeclared day is ordinary overtime (its pact, art. 32): never covered',
      [{ date: '2026-12-16', overtimeSeconds: H, overAgreedSeconds: 0 }],
      { '2026-12-16': { coveredSeconds: 0, beyondExtensionSeconds: 0 } },
    ],
  ])('%s', (_name, days, expected) => {
    expect(Object.fromEntries(decemberExtensionCover(days, declared))).toEqual(expected);
  });

  it('a week without declared days, or no declared days at all, is not read', () => {
    const day = { date: '2026-12-08', overtimeSeconds: H, overAgreedSeconds: H };
    expect(decemberExtensionCover([day], declared).size).toBe(0);
    expect(decemberExtensionCover([{ ...day, date: '2026-12-15' }], new Map()).size).toBe(0);
  });
});

describe('the review flags of a declared day', () => {
  const day = { pactMaxSecondsPerDay: null, restDay: false, thresholdSeconds: Infinity };
  it('the covered extension needs no pact: nothing to flag', () => {
    expect(overtimeReviewFlags({ ...day, foundSeconds: 2 * H, extension: { coveredSeconds: 2 * H, beyondExtensionSeconds: 0 } })).toEqual([]);
  });
  it('overtime beyond the extension on a declared day is flagged, not as missing a pact (no pact could cover it)', () => {
    expect(overtimeReviewFlags({ ...day, foundSeconds: 3 * H, extension: { coveredSeconds: 2 * H, beyondExtensionSeconds: H } })).toEqual(['extension_diciembre']);
  });
  it('with a pact in force the day is still flagged (art. 24 inc. 2), and the pact is read without the extension', () => {
    expect(overtimeReviewFlags({ ...day, pactMaxSecondsPerDay: H, foundSeconds: 4 * H, extension: { coveredSeconds: 2 * H, beyondExtensionSeconds: 2 * H } })).toEqual(['extension_diciembre', 'sobre_pacto']);
  });
  it('an undeclared day of the week keeps the ordinary flags for what the extension does not cover', () => {
    expect(overtimeReviewFlags({ ...day, foundSeconds: 3 * H, extension: { coveredSeconds: 2 * H, beyondExtensionSeconds: 0 } })).toEqual(['sin_pacto']);
  });
});
