import { describe, expect, it } from 'vitest';
import { parseClockTime, placeShift, shiftEndDate, validateShiftTemplate, type ShiftTemplate } from './shift-instance';

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
});
