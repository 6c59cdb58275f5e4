import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { placeShift, shiftEndDate, validateShiftTemplate, type ShiftTemplate } from './shift-instance';
import { parseClockTime } from './time-zone';

const S = 'America/Santiago';
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const night: ShiftTemplate = { start: '22:00', end: '06:00', break: { minutes: 30 } };

describe('shift instances', () => {
  it('a 22:00-06:00 shift from Sat 2026-04-04 lasts 9 real hours (summer time ends)', () => {
    const i = placeShift(night, '2026-04-04', S);
    expect(iso(i.start)).toBe('2026-04-05T01:00:00.000Z');
    expect(iso(i.end)).toBe('2026-04-05T10:00:00.000Z');
    expect(i.durationSeconds).toBe(9 * 3600);
    expect(i.plannedSeconds).toBe(8.5 * 3600);
    expect(i.overnight).toBe(true);
    expect(shiftEndDate(i)).toBe('2026-04-05');
  });

  it('a 22:00-06:00 shift from Sat 2026-09-05 lasts 7 real hours (summer time starts)', () => {
    const i = placeShift(night, '2026-09-05', S);
    expect(iso(i.start)).toBe('2026-09-06T02:00:00.000Z');
    expect(iso(i.end)).toBe('2026-09-06T09:00:00.000Z');
    expect(i.durationSeconds).toBe(7 * 3600);
  });

  it('the same shift lasts 8 hours on an ordinary night and in zones without summer time', () => {
    expect(placeShift(night, '2026-04-11', S).durationSeconds).toBe(8 * 3600);
    expect(placeShift(night, '2026-04-04', 'America/Punta_Arenas').durationSeconds).toBe(8 * 3600);
    expect(placeShift(night, '2026-09-05', 'America/Coyhaique').durationSeconds).toBe(8 * 3600);
  });

  it('places a day shift with a fixed colación window and tolerances', () => {
    const i = placeShift(
      { id: 't1', start: '08:00', end: '17:30', break: { start: '13:00', end: '14:00' }, lateToleranceMinutes: 5, earlyLeaveToleranceMinutes: 2 },
      '2026-07-01',
      S,
    );
    expect(iso(i.start)).toBe('2026-07-01T12:00:00.000Z');
    expect(iso(i.end)).toBe('2026-07-01T21:30:00.000Z');
    expect(iso(i.breakStart)).toBe('2026-07-01T17:00:00.000Z');
    expect(i.breakSeconds).toBe(3600);
    expect(i.plannedSeconds).toBe(8.5 * 3600);
    expect(i).toMatchObject({ shiftId: 't1', label: '08:00–17:30', lateToleranceSeconds: 300, earlyLeaveToleranceSeconds: 120, overnight: false });
  });

  it('places a colación window after midnight on the next day', () => {
    const i = placeShift({ start: '20:00', end: '05:00', break: { start: '00:30', end: '01:15' } }, '2026-07-01', S);
    expect(iso(i.breakStart)).toBe('2026-07-02T04:30:00.000Z');
    expect(i.breakSeconds).toBe(45 * 60);
  });

  it('a shift starting in the spring-forward gap starts when the clock reaches the next valid time', () => {
    const i = placeShift({ start: '00:30', end: '08:00' }, '2026-09-06', S);
    expect(iso(i.start)).toBe('2026-09-06T04:30:00.000Z');
    expect(i.durationSeconds).toBe(6.5 * 3600);
  });

  it('equal start and end mean a 24-hour shift; 24:00 is midnight at the end', () => {
    expect(placeShift({ start: '08:00', end: '08:00' }, '2026-07-01', S).durationSeconds).toBe(24 * 3600);
    expect(placeShift({ start: '16:00', end: '24:00' }, '2026-07-01', S).durationSeconds).toBe(8 * 3600);
  });

  it('parses wall-clock times strictly', () => {
    expect(parseClockTime('08:05')).toBe(8 * 3600 + 300);
    expect(parseClockTime('23:59:59')).toBe(86_399);
    expect(parseClockTime('24:00')).toBe(86_400);
    expect(parseClockTime('24:01')).toBeNull();
    expect(parseClockTime('8:00')).toBeNull();
    expect(parseClockTime('08:60')).toBeNull();
  });

  it('explains invalid templates in Spanish and refuses to place them', () => {
    expect(validateShiftTemplate({ start: '8', end: '17:00' })).toEqual(['La hora de inicio del turno no es válida (use HH:MM).']);
    expect(validateShiftTemplate({ start: '08:00', end: '17:00', break: { start: '18:00', end: '19:00' } })).toEqual([
      'La colación debe quedar dentro del horario del turno.',
    ]);
    expect(validateShiftTemplate({ start: '08:00', end: '09:00', break: { minutes: 60 } })).toEqual(['La colación no puede durar lo mismo o más que el turno.']);
    expect(validateShiftTemplate({ start: '08:00', end: '17:00', lateToleranceMinutes: -1 })).toHaveLength(1);
    expect(validateShiftTemplate({ start: '08:00', end: '17:00', break: { minutes: 45 } })).toEqual([]);
    expect(() => placeShift({ start: '25:00', end: '17:00' }, '2026-07-01', S)).toThrow(RangeError);
  });

  describe('a fixed colación across a DST change lasts its written minutes (art. 34: at least 30 minutes, not worked time)', () => {
    const nightWithBreak: ShiftTemplate = { start: '20:00', end: '04:00', break: { start: '23:30', end: '00:30' } };

    it('on the fall-back night (2026-04-04) 23:30-00:30 is one real hour, not two', () => {
      const i = placeShift(nightWithBreak, '2026-04-04', S);
      expect(i.durationSeconds).toBe(9 * 3600);
      expect(i.breakSeconds).toBe(3600);
      expect(i.plannedSeconds).toBe(8 * 3600);
      // It starts at the first 23:30 (UTC-3) and lasts 60 minutes.
      expect(iso(i.breakStart)).toBe('2026-04-05T02:30:00.000Z');
      expect(iso(i.breakEnd)).toBe('2026-04-05T03:30:00.000Z');
    });

    it('on the spring-forward night (2026-09-05) 23:30-00:30 is one real hour, not zero', () => {
      const i = placeShift(nightWithBreak, '2026-09-05', S);
      expect(i.durationSeconds).toBe(7 * 3600);
      expect(i.breakSeconds).toBe(3600);
      expect(i.plannedSeconds).toBe(6 * 3600);
      expect(iso(i.breakStart)).toBe('2026-09-06T03:30:00.000Z');
      expect(iso(i.breakEnd)).toBe('2026-09-06T04:30:00.000Z');
    });

    it('a window wholly inside the missing hour still lasts its minutes, inside the shift', () => {
      const i = placeShift({ start: '20:00', end: '04:00', break: { start: '00:00', end: '00:45' } }, '2026-09-05', S);
      expect(i.breakSeconds).toBe(45 * 60);
      expect(i.breakStart! >= i.start && i.breakEnd! <= i.end).toBe(true);
      expect(iso(i.breakStart)).toBe('2026-09-06T04:00:00.000Z'); // when the clock shows 01:00
    });

    it('the same shift on ordinary nights and in zones without summer time is unchanged', () => {
      expect(placeShift(nightWithBreak, '2026-04-11', S)).toMatchObject({ breakSeconds: 3600, plannedSeconds: 7 * 3600 });
      expect(placeShift(nightWithBreak, '2026-04-04', 'America/Punta_Arenas')).toMatchObject({ breakSeconds: 3600, plannedSeconds: 7 * 3600 });
    });

    it('every shift and window on every night around the changes of 2026-2028 in four zones: the break is its written length and lies within the shift', () => {
      const clock = fc.integer({ min: 0, max: 47 }).map((half) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`);
      const dates = ['2026-04-04', '2026-09-05', '2026-09-06', '2027-04-03', '2027-09-04', '2028-04-01', '2028-09-02'];
      fc.assert(
        fc.property(clock, fc.integer({ min: 4, max: 14 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom(...dates), fc.constantFrom(S, 'Pacific/Easter', 'America/Punta_Arenas', 'America/Coyhaique'), (start, hours, offsetHalves, lengthHalves, date, zone) => {
          const s0 = Number(start.slice(0, 2)) * 60 + Number(start.slice(3));
          const at = (minutes: number) => { const m = ((minutes % 1440) + 1440) % 1440; return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`; };
          const brk = { start: at(s0 + offsetHalves * 30), end: at(s0 + offsetHalves * 30 + lengthHalves * 30) };
          const template: ShiftTemplate = { start, end: at(s0 + hours * 60), break: brk };
          fc.pre(offsetHalves * 30 + lengthHalves * 30 < hours * 60);
          const i = placeShift(template, date, zone);
          if (i.durationSeconds >= lengthHalves * 1800) expect(i.breakSeconds).toBe(lengthHalves * 1800);
          expect(i.breakStart!).toBeGreaterThanOrEqual(i.start);
          expect(i.breakEnd!).toBeLessThanOrEqual(i.end);
          expect(i.plannedSeconds).toBe(i.durationSeconds - i.breakSeconds);
        }),
        { numRuns: 400 },
      );
    });
  });
});
