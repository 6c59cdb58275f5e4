import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidTimeZone,
  localClockOf,
  localDateOf,
  localDayLengthSeconds,
  localToInstant,
  resolveLocalTime,
  startOfLocalDay,
  toLocalDateTime,
  typedLocalTime,
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

describe('typed local times that do not exist or happen twice', () => {
  it('00:30 of 2026-09-06 does not exist in Santiago: a Spanish message saying where the clock jumps', () => {
    const r = resolveLocalTime('2026-09-06', '00:30', S);
    expect(r).toMatchObject({ kind: 'gap', jumpsFrom: '00:00', jumpsTo: '01:00', instant: Date.parse('2026-09-06T04:30Z') });
    expect(r.kind === 'gap' && r.message).toBe(
      'La hora 00:30 del 06-09-2026 no existe en America/Santiago: ese día el reloj salta de las 00:00 a las 01:00 por el cambio de horario. Indique una hora válida.',
    );
    expect(typedLocalTime('2026-09-06', '00:30', S)).toMatchObject({ ok: false, code: 'hora_inexistente' });
    expect(typedLocalTime('2026-09-06', '00:30', S, 'primera')).toMatchObject({ ok: false, code: 'hora_inexistente' });
  });

  it('23:30 of 2026-04-04 happens twice in Santiago: both instants, and the choice made explicit', () => {
    const r = resolveLocalTime('2026-04-04', '23:30', S);
    expect(r).toMatchObject({ kind: 'ambiguous', earlier: Date.parse('2026-04-05T02:30Z'), later: Date.parse('2026-04-05T03:30Z'), earlierOffsetMinutes: -180, laterOffsetMinutes: -240 });
    expect(r.kind === 'ambiguous' && r.message).toBe(
      'La hora 23:30 del 04-04-2026 ocurre dos veces en America/Santiago por el cambio de horario (primero en UTC-3 y luego en UTC-4): indique si es la primera o la segunda.',
    );
    expect(typedLocalTime('2026-04-04', '23:30', S)).toMatchObject({ ok: false, code: 'hora_ambigua' });
    expect(typedLocalTime('2026-04-04', '23:30', S, 'primera')).toEqual({ ok: true, instant: Date.parse('2026-04-05T02:30Z'), resolution: 'ambiguous' });
    expect(typedLocalTime('2026-04-04', '23:30', S, 'segunda')).toEqual({ ok: true, instant: Date.parse('2026-04-05T03:30Z'), resolution: 'ambiguous' });
  });

  it('ordinary times, the edges of the gap and the overlap, and zones without summer time are exact', () => {
    expect(resolveLocalTime('2026-07-01', '08:00', S)).toEqual({ kind: 'exact', instant: Date.parse('2026-07-01T12:00Z') });
    expect(resolveLocalTime('2026-09-06', '01:00', S)).toEqual({ kind: 'exact', instant: Date.parse('2026-09-06T04:00Z') });
    expect(resolveLocalTime('2026-09-05', '23:59:59', S).kind).toBe('exact');
    expect(resolveLocalTime('2026-04-04', '22:59:59', S).kind).toBe('exact');
    expect(resolveLocalTime('2026-04-04', '23:00', S).kind).toBe('ambiguous');
    expect(resolveLocalTime('2026-04-05', '00:00', S).kind).toBe('exact');
    expect(resolveLocalTime('2026-09-06', '00:30', 'America/Punta_Arenas').kind).toBe('exact');
    expect(typedLocalTime('2026-07-01', 8 * H, S, 'segunda')).toEqual({ ok: true, instant: Date.parse('2026-07-01T12:00Z'), resolution: 'exact' });
  });

  it('Easter Island changes at 22:00 local: its own gap and overlap', () => {
    expect(resolveLocalTime('2026-09-05', '22:30', 'Pacific/Easter')).toMatchObject({ kind: 'gap', jumpsFrom: '22:00', jumpsTo: '23:00' });
    expect(resolveLocalTime('2026-04-04', '21:30', 'Pacific/Easter')).toMatchObject({ kind: 'ambiguous', earlierOffsetMinutes: -300, laterOffsetMinutes: -360 });
  });

  it('refuses malformed times', () => {
    expect(() => resolveLocalTime('2026-07-01', '8:00', S)).toThrow(RangeError);
    expect(() => resolveLocalTime('2026-07-01', '25:00', S)).toThrow(RangeError);
    expect(() => resolveLocalTime('2026-02-30', '08:00', S)).toThrow(RangeError);
  });

  it('agrees with localToInstant: a gap time moves forward, an ambiguous one has both occurrences, an exact one round-trips (2000..2100)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: Date.parse('2000-01-01T00:00Z') / 86_400_000, max: Date.parse('2100-12-30T00:00Z') / 86_400_000 }),
          // The change days of 2026-2027 in Santiago and Easter Island, so gaps and overlaps come up often.
          fc.constantFrom('2026-04-04', '2026-04-05', '2026-09-05', '2026-09-06', '2027-04-03', '2027-09-04', '2027-09-05').map((d) => Date.parse(`${d}T00:00Z`) / 86_400_000),
        ),
        fc.oneof(fc.integer({ min: 0, max: 86_399 }), fc.integer({ min: 21 * 3600, max: 86_399 }), fc.integer({ min: 0, max: 3600 })),
        fc.constantFrom(S, 'Pacific/Easter', 'America/Punta_Arenas'),
        (day, sod, zone) => {
          const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
          const r = resolveLocalTime(date, sod, zone);
          const earlier = localToInstant(zone, date, sod, 'earlier');
          const later = localToInstant(zone, date, sod, 'later');
          if (r.kind === 'exact') {
            expect([earlier, later]).toEqual([r.instant, r.instant]);
            expect(toLocalDateTime(zone, r.instant)).toEqual({ date, seconds: sod });
          } else if (r.kind === 'ambiguous') {
            expect([earlier, later]).toEqual([r.earlier, r.later]);
            expect(toLocalDateTime(zone, r.earlier)).toEqual({ date, seconds: sod });
            expect(toLocalDateTime(zone, r.later)).toEqual({ date, seconds: sod });
          } else {
            expect(r.instant).toBe(earlier);
            expect(toLocalDateTime(zone, r.instant)).not.toEqual({ date, seconds: sod });
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
