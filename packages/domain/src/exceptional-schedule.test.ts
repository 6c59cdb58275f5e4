import { describe, expect, it } from 'vitest';
import { exceptionalScheduleOver, type AuthorisedSchedule } from './exceptional-schedule';

const sevenBySeven: AuthorisedSchedule = { resolution: 'Res. Ex. 1234', workDays: 7, restDays: 7, dailyOrdinaryHours: 12, validFrom: '2026-01-01', validTo: '2026-12-31' };

describe('exceptionalScheduleOver', () => {
  it('gives the resolution, its daily hours and its cycle while in force', () => {
    expect(exceptionalScheduleOver(sevenBySeven, '2026-03-02', '2026-03-08')).toEqual({ resolution: 'Res. Ex. 1234', dailyOrdinaryHours: 12, cycle: { workDays: 7, restDays: 7 } });
  });

  it('applies to a period its validity touches, and not to one outside it', () => {
    expect(exceptionalScheduleOver(sevenBySeven, '2025-12-29', '2026-01-04')).toBeDefined();
    expect(exceptionalScheduleOver(sevenBySeven, '2027-01-04', '2027-01-10')).toBeUndefined();
    expect(exceptionalScheduleOver(sevenBySeven, '2025-12-22', '2025-12-28')).toBeUndefined();
  });

  it('leaves out what the resolution does not state: no daily limit, no cycle check', () => {
    const unknown = { resolution: 'Res. 9', workDays: null, restDays: null, dailyOrdinaryHours: null, validFrom: null, validTo: null };
    expect(exceptionalScheduleOver(unknown, '2026-03-02', '2026-03-08')).toEqual({ resolution: 'Res. 9' });
    expect(exceptionalScheduleOver(null, '2026-03-02', '2026-03-08')).toBeUndefined();
  });
});
