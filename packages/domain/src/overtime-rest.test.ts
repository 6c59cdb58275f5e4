import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar/local-date';
import { addMonthsToMonth, contractYearOf, hasOvertimeRestNotice, overtimeRestLedger, type OvertimeRestInput } from './overtime-rest';

const H = 3600;
/** 42 hours over 5 days: 8.4 hours a business day. */
const DAY = (42 / 5) * H;
const base: OvertimeRestInput = { days: [], agreements: [], contractStart: '2025-01-15', businessDaySeconds: DAY, uses: [], today: '2026-01-10' };

describe('overtime compensated with vacation days (art. 32 inc. 4, Ley 21.561; DT Dictamen 199/05 of 2024)', () => {
  interface Case {
    name: string;
    input: Partial<OvertimeRestInput>;
    month: string;
    expect: { compensatedSeconds: number; paidSeconds: number; restSeconds: number; expiresOn?: string; payoutMonth?: string };
  }
  const cases: Case[] = [
    {
      name: 'without an agreement every overtime second is paid (art. 32 inc. 3)',
      input: { days: [{ date: '2025-03-03', overtimeSeconds: 2 * H }] },
      month: '2025-03',
      expect: { compensatedSeconds: 0, paidSeconds: 2 * H, restSeconds: 0 },
    },
    {
      name: 'under the agreement each overtime hour gives an hour and a half of rest and is not paid',
      input: { days: [{ date: '2025-03-03', overtimeSeconds: 2 * H }], agreements: [{ from: '2025-03-01', to: '2025-05-31' }] },
      month: '2025-03',
      expect: { compensatedSeconds: 2 * H, paidSeconds: 0, restSeconds: 3 * H, expiresOn: '2025-09-30', payoutMonth: '2025-10' },
    },
    {
      name: 'only the days the agreement covers',
      input: {
        days: [
          { date: '2025-02-28', overtimeSeconds: H },
          { date: '2025-03-03', overtimeSeconds: H },
        ],
        agreements: [{ from: '2025-03-01', to: '2025-05-31' }],
      },
      month: '2025-02',
      expect: { compensatedSeconds: 0, paidSeconds: H, restSeconds: 0 },
    },
    {
      name: 'at most 5 business days of rest a contract year (42 h in 5 days: 42 h of rest, 28 h of overtime); the rest is paid',
      input: {
        days: Array.from({ length: 20 }, (_, i) => ({ date: addDays('2025-03-03', i), overtimeSeconds: 2 * H })),
        agreements: [{ from: '2025-03-01', to: '2025-05-31' }],
      },
      month: '2025-03',
      expect: { compensatedSeconds: 28 * H, paidSeconds: 12 * H, restSeconds: 42 * H },
    },
    {
      name: 'before Ley 21.561 put it in force (2024-04-26) overtime is only paid',
      input: { contractStart: '2023-01-01', days: [{ date: '2024-04-25', overtimeSeconds: H }], agreements: [{ from: '2024-04-01', to: '2024-06-30' }] },
      month: '2024-04',
      expect: { compensatedSeconds: 0, paidSeconds: H, restSeconds: 0 },
    },
  ];
  it.each(cases)('$name', (c) => {
    const ledger = overtimeRestLedger({ ...base, ...c.input });
    const row = ledger.months.find((m) => m.month === c.month)!;
    expect({ compensatedSeconds: row.compensatedSeconds, paidSeconds: row.paidSeconds, restSeconds: row.restSeconds }).toEqual({
      compensatedSeconds: c.expect.compensatedSeconds,
      paidSeconds: c.expect.paidSeconds,
      restSeconds: c.expect.restSeconds,
    });
    if (c.expect.expiresOn) expect(row.expiresOn).toBe(c.expect.expiresOn);
    if (c.expect.payoutMonth) expect(row.payoutMonth).toBe(c.expect.payoutMonth);
  });

  it('the cap starts again on the contract anniversary, not on 1 January (DT: «año» is each year of the contract)', () => {
    const agreements = [{ from: '2025-10-01', to: '2025-12-31' }, { from: '2026-01-01', to: '2026-03-31' }];
    const days = [
      ...Array.from({ length: 15 }, (_, i) => ({ date: addDays('2025-12-01', i), overtimeSeconds: 2 * H })),
      { date: '2026-01-05', overtimeSeconds: 2 * H },
      { date: '2026-01-20', overtimeSeconds: 2 * H },
    ];
    const ledger = overtimeRestLedger({ ...base, days, agreements, today: '2026-02-01' });
    const byMonth = Object.fromEntries(ledger.months.map((m) => [m.month, m]));
    expect(byMonth['2025-12']!.compensatedSeconds).toBe(28 * H);
    // 5 January is still the first contract year (started 15 January 2025): cap used up, paid.
    // 20 January is in the second year: compensated again.
    expect(byMonth['2026-01']!.compensatedSeconds).toBe(2 * H);
    expect(byMonth['2026-01']!.paidSeconds).toBe(2 * H);
    expect(contractYearOf('2025-01-15', '2026-01-14')).toBe(0);
    expect(contractYearOf('2025-01-15', '2026-01-15')).toBe(1);
  });

  it('rest is usable from the next month to the 6th after; unused rest is paid in the 7th month as overtime', () => {
    const input: OvertimeRestInput = {
      ...base,
      days: [{ date: '2025-03-03', overtimeSeconds: 4 * H }],
      agreements: [{ from: '2025-03-01', to: '2025-05-31' }],
      uses: [{ date: '2025-04-10', restSeconds: 3 * H }],
      today: '2025-05-01',
    };
    const open = overtimeRestLedger(input);
    expect(open.availableRestSeconds).toBe(3 * H);
    expect(open.months[0]!.expiredRestSeconds).toBe(0);
    const after = overtimeRestLedger({ ...input, today: '2025-10-01' });
    expect(after.availableRestSeconds).toBe(0);
    expect(after.months[0]!.expiredRestSeconds).toBe(3 * H);
    expect(after.months[0]!.payoutOvertimeSeconds).toBe(2 * H);
    expect(after.months[0]!.payoutMonth).toBe('2025-10');
  });

  it('rest of the current month is accruing, not usable yet; a use no usable rest covers is reported', () => {
    const ledger = overtimeRestLedger({
      ...base,
      days: [{ date: '2025-03-03', overtimeSeconds: 2 * H }],
      agreements: [{ from: '2025-03-01', to: '2025-05-31' }],
      uses: [{ date: '2025-03-20', restSeconds: DAY }],
      today: '2025-03-10',
    });
    expect(ledger.accruingRestSeconds).toBe(3 * H);
    expect(ledger.availableRestSeconds).toBe(0);
    expect(ledger.uncoveredUseSeconds).toBeCloseTo(DAY);
  });

  it('uses take the oldest usable rest first', () => {
    const ledger = overtimeRestLedger({
      ...base,
      days: [
        { date: '2025-03-03', overtimeSeconds: 2 * H },
        { date: '2025-04-03', overtimeSeconds: 2 * H },
      ],
      agreements: [{ from: '2025-03-01', to: '2025-05-31' }],
      uses: [{ date: '2025-05-05', restSeconds: 4 * H }],
      today: '2025-05-10',
    });
    expect(ledger.months.map((m) => m.usedRestSeconds)).toEqual([3 * H, H]);
    expect(ledger.availableRestSeconds).toBe(2 * H);
  });

  it('48 hours of notice to use the rest (art. 32 inc. 4)', () => {
    const now = Date.parse('2025-05-05T10:00:00Z');
    expect(hasOvertimeRestNotice(now + 48 * H * 1000, now)).toBe(true);
    expect(hasOvertimeRestNotice(now + 47 * H * 1000, now)).toBe(false);
    expect(addMonthsToMonth('2025-08', 7)).toBe('2026-03');
  });

  it('property: per month, compensated + paid = found, and the rest never passes 5 business days a contract year', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 800 }), seconds: fc.integer({ min: 0, max: 4 * H }) }), { maxLength: 120 }),
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 800 }), length: fc.integer({ min: 0, max: 90 }) }), { maxLength: 4 }),
        fc.integer({ min: 4 * H, max: 10 * H }),
        (dayArbs, agreementArbs, dayLength) => {
          const days = dayArbs.map((d) => ({ date: addDays('2025-01-15', d.offset), overtimeSeconds: d.seconds }));
          const agreements = agreementArbs.map((a) => ({ from: addDays('2025-01-15', a.offset), to: addDays('2025-01-15', a.offset + a.length) }));
          const ledger = overtimeRestLedger({ ...base, days, agreements, businessDaySeconds: dayLength, today: '2027-12-31' });
          const found = new Map<string, number>();
          for (const d of days) found.set(d.date.slice(0, 7), (found.get(d.date.slice(0, 7)) ?? 0) + d.overtimeSeconds);
          for (const m of ledger.months) {
            expect(m.compensatedSeconds + m.paidSeconds).toBeCloseTo(found.get(m.month) ?? 0, 6);
            expect(m.compensatedSeconds).toBeGreaterThanOrEqual(0);
            expect(m.paidSeconds).toBeGreaterThanOrEqual(-1e-6);
          }
          const restTotal = ledger.months.reduce((s, m) => s + m.restSeconds, 0);
          // days span at most 3 contract years (offset ≤ 800 days)
          expect(restTotal).toBeLessThanOrEqual(3 * 5 * dayLength + 1e-6);
        },
      ),
    );
  });
});
