import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidTimeZone,
  localClockOf,
  localDateOf,
  localDayLengthSeconds,
  localToInstant,
  startOfLocalDay,
  toLocalDateTime,
  zoneOffsetMinutes,
} from './time-zone';

const S = 'America/Santiago';
const H = 3600;

describe('time zones (chile.md)', () => {
  it('2026-07-01T12:00Z is 08:00 in Santiago and 09:00 in Punta Arenas', () => {
    const at = Date.parse('2026-07-01T12:00:00Z');
    expect(localClockOf(S, at)).toBe('08:00:00');
    expect(localClockOf('America/Punta_Arenas', at)).toBe('09:00:00');
    expect(localClockOf('America/Coyhaique', at)).toBe('09:00:00');
    expect(localClockOf('Pacific/Easter', at)).toBe('06:00:00');
  });

  it('Santiago is UTC-4 in winter and UTC-3 in summer; Magallanes and Aysén UTC-3 all year; Easter Island UTC-6/-5', () => {
    const winter = Date.parse('2026-07-01T12:00Z');
    const summer = Date.parse('2026-01-15T12:00Z');
    expect([zoneOffsetMinutes(S, winter), zoneOffsetMinutes(S, summer)]).toEqual([-240, -180]);
    for (const z of ['America/Punta_Arenas', 'America/Coyhaique']) {
      expect([zoneOffsetMinutes(z, winter), zoneOffsetMinutes(z, summer)]).toEqual([-180, -180]);
    }
    expect([zoneOffsetMinutes('Pacific/Easter', winter), zoneOffsetMinutes('Pacific/Easter', summer)]).toEqual([-360, -300]);
  });

  it('summer time ends on 2026-04-05 (a 25-hour Saturday) and starts on 2026-09-06 (a 23-hour Sunday); 2027 on 04-04 and 09-05', () => {
    expect(localDayLengthSeconds(S, '2026-04-04')).toBe(25 * H);
    expect(localDayLengthSeconds(S, '2026-04-05')).toBe(24 * H);
    expect(localDayLengthSeconds(S, '2026-09-05')).toBe(24 * H);
    expect(localDayLengthSeconds(S, '2026-09-06')).toBe(23 * H);
    expect(localDayLengthSeconds(S, '2027-04-03')).toBe(25 * H);
    expect(localDayLengthSeconds(S, '2027-09-05')).toBe(23 * H);
    expect(localDayLengthSeconds('America/Punta_Arenas', '2026-09-06')).toBe(24 * H);
  });

  it('the fall-back hour (23:00-23:59 of 2026-04-04) happens twice: earlier by default, later on request', () => {
    expect(new Date(localToInstant(S, '2026-04-04', 23.5 * H)).toISOString()).toBe('2026-04-05T02:30:00.000Z');
    expect(new Date(localToInstant(S, '2026-04-04', 23.5 * H, 'later')).toISOString()).toBe('2026-04-05T03:30:00.000Z');
    expect(localClockOf(S, Date.parse('2026-04-05T02:30Z'))).toBe('23:30:00');
    expect(localClockOf(S, Date.parse('2026-04-05T03:30Z'))).toBe('23:30:00');
  });

  it('the spring-forward hour (00:00-00:59 of 2026-09-06) does not exist: times move forward by the gap', () => {
    expect(new Date(localToInstant(S, '2026-09-06', 0)).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(new Date(localToInstant(S, '2026-09-06', 0.5 * H)).toISOString()).toBe('2026-09-06T04:30:00.000Z');
    expect(localClockOf(S, localToInstant(S, '2026-09-06', 0.5 * H))).toBe('01:30:00');
    expect(new Date(startOfLocalDay(S, '2026-09-06')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('the local date of an instant follows the zone', () => {
    expect(localDateOf(S, Date.parse('2026-07-02T03:30Z'))).toBe('2026-07-01');
    expect(localDateOf('America/Punta_Arenas', Date.parse('2026-07-02T03:30Z'))).toBe('2026-07-02');
    expect(toLocalDateTime(S, Date.parse('2026-07-02T03:30:15Z'))).toEqual({ date: '2026-07-01', seconds: 23 * H + 30 * 60 + 15 });
  });

  it('round-trips every instant 2000..2100 through its local date and time (earlier or later occurrence)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00Z') / 1000, max: Date.parse('2100-12-31T00:00Z') / 1000 }),
        fc.constantFrom(S, 'Pacific/Easter', 'America/Punta_Arenas'),
        (seconds, zone) => {
          const at = seconds * 1000;
          const { date, seconds: sod } = toLocalDateTime(zone, at);
          const back = [localToInstant(zone, date, sod, 'earlier'), localToInstant(zone, date, sod, 'later')];
          expect(back).toContain(at);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('recognises IANA zones', () => {
    expect(isValidTimeZone('America/Coyhaique')).toBe(true);
    expect(isValidTimeZone('America/Nowhere')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
