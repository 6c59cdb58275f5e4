import { describe, expect, it } from 'vitest';
import { fitWidths } from './legal-reports.export';

describe('the legal PDF’s column widths', () => {
  it('scale with what each column wants when the row fits the page', () => {
    expect(fitWidths([100, 50, 50], [20, 20, 20], 400)).toEqual([200, 100, 100]);
  });
  it('never squeeze a column below its longest word: «Colación» and «01:00:00» stay whole', () => {
    // A long observations column next to a short time column on a page that cannot hold both in full.
    const widths = fitWidths([600, 40], [60, 38], 400);
    expect(widths[1]).toBeGreaterThanOrEqual(38);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(400);
    // Proportional scaling gave the time column 24.6, and split it.
    expect((40 / 640) * 400).toBeLessThan(38);
  });
  it('fall back to proportions when not even the words fit', () => {
    expect(fitWidths([300, 300], [300, 300], 400)).toEqual([200, 200]);
  });
});
