import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { holidayLookup } from './calendar/holidays';
import { addDays, isoWeekday } from './calendar/local-date';
import { businessDaysBetween, isBusinessDay, permissionAmount, permissionsOverlap, permissionUnit, validatePermission, vacationEndDate, type Permission } from './permissions';

describe('art. 67 and 69: the feriado anual is counted in business days', () => {
  it('Saturdays, Sundays and holidays are not business days', () => {
    expect(isBusinessDay('2026-09-14')).toBe(true); // Monday
    expect(isBusinessDay('2026-09-12')).toBe(false); // Saturday, always inhábil (art. 69)
    expect(isBusinessDay('2026-09-13')).toBe(false); // Sunday
    expect(isBusinessDay('2026-09-18')).toBe(false); // Independencia Nacional, a Friday
    expect(isBusinessDay('2027-06-07')).toBe(true);
    expect(isBusinessDay('2027-06-07', holidayLookup({ region: 'AP' }))).toBe(false); // regional holiday in Arica
  });

  it('counts business days between two dates, both included', () => {
    expect(businessDaysBetween('2026-09-14', '2026-09-20')).toBe(4); // the 18th is a holiday, the 19th a Saturday
    expect(businessDaysBetween('2026-09-14', '2026-10-05')).toBe(15);
    expect(businessDaysBetween('2026-09-20', '2026-09-14')).toBe(0);
    expect(businessDaysBetween('2026-12-21', '2027-01-12')).toBe(15); // Christmas and New Year do not count
  });

  it('finds the last day of a feriado of so many business days', () => {
    expect(vacationEndDate('2026-09-14', 15)).toBe('2026-10-05');
    expect(vacationEndDate('2026-12-21', 15)).toBe('2027-01-12');
    expect(vacationEndDate('2026-09-12', 1)).toBe('2026-09-14'); // starting on a Saturday: the first day taken is Monday
    expect(() => vacationEndDate('2026-09-14', 0)).toThrow(RangeError);
    expect(() => vacationEndDate('2026-09-14', 1.5)).toThrow(RangeError);
  });

  it('a feriado ending on vacationEndDate takes exactly its business days, and its last day is one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 1, max: 40 }), (offset, days) => {
        const from = addDays('2026-01-01', offset);
        const end = vacationEndDate(from, days);
        expect(businessDaysBetween(from, end)).toBe(days);
        expect(isBusinessDay(end)).toBe(true);
        expect(isoWeekday(end)).toBeLessThanOrEqual(5);
      }),
      { numRuns: 300 },
    );
  });
});

describe('permission units: business days for vacaciones, calendar days for licencia médica, hours for hour permissions', () => {
  const vacaciones: Permission = { type: 'vacaciones', paid: true, from: '2026-09-14', to: '2026-09-20' };
  const licencia: Permission = { type: 'licencia_medica', paid: true, from: '2026-09-14', to: '2026-09-20' };
  const horas: Permission = { type: 'permiso_con_goce', paid: true, from: '2026-09-05', to: '2026-09-06', hours: { start: '22:00', end: '02:00' } };

  it('each permission has its unit, explicit or by type', () => {
    expect(permissionUnit(vacaciones)).toBe('dias_habiles');
    expect(permissionUnit(licencia)).toBe('dias_corridos');
    expect(permissionUnit({ type: 'permiso_sin_goce' })).toBe('dias_corridos');
    expect(permissionUnit({ ...licencia, type: 'administrativo', unit: 'dias_habiles' })).toBe('dias_habiles');
    expect(permissionUnit(horas)).toBe('horas');
  });

  it('measures a permission in its unit: 4 business days, 7 calendar days, 7 real hours across the spring-forward night', () => {
    expect(permissionAmount(vacaciones)).toEqual({ unit: 'dias_habiles', amount: 4 });
    expect(permissionAmount(licencia)).toEqual({ unit: 'dias_corridos', amount: 7 });
    // 22:00-02:00 on 2026-09-05 lasts 3 real hours (00:00-01:00 does not exist); on 2026-09-06, 4.
    expect(permissionAmount(horas)).toEqual({ unit: 'horas', amount: 7 });
  });

  it('explains an invalid permission in Spanish', () => {
    expect(validatePermission(vacaciones)).toEqual([]);
    expect(validatePermission(horas)).toEqual([]);
    expect(validatePermission({ ...vacaciones, to: '2026-09-01' })).toEqual(['La fecha de término del permiso no puede ser anterior a la de inicio.']);
    expect(validatePermission({ ...vacaciones, from: '2026-02-30' })).toEqual(['La fecha de inicio del permiso no es válida.']);
    expect(validatePermission({ ...horas, hours: { start: '9', end: '10:00' } })).toEqual(['La hora de inicio del permiso no es válida (use HH:MM).']);
    expect(validatePermission({ ...horas, hours: { start: '10:00', end: '10:00' } })).toEqual(['El permiso por horas debe durar más de cero minutos.']);
    expect(validatePermission({ ...licencia, unit: 'horas' })).toEqual(['Un permiso en horas necesita su horario de inicio y término.']);
  });
});

describe('overlapping permissions of one worker', () => {
  const days = (from: string, to: string): Permission => ({ type: 'vacaciones', paid: true, from, to });
  const hours = (from: string, to: string, start: string, end: string): Permission => ({ type: 'permiso', paid: true, from, to, hours: { start, end } });
  it.each([
    ['whole days that share a date', days('2026-09-14', '2026-09-18'), days('2026-09-18', '2026-09-25'), true],
    ['whole days one after the other', days('2026-09-14', '2026-09-17'), days('2026-09-18', '2026-09-25'), false],
    ['hours inside a day permission', days('2026-09-14', '2026-09-18'), hours('2026-09-16', '2026-09-16', '09:00', '11:00'), true],
    ['hours on a date next to a day permission', days('2026-09-14', '2026-09-15'), hours('2026-09-16', '2026-09-16', '09:00', '11:00'), false],
    ['hour ranges that meet', hours('2026-09-16', '2026-09-16', '09:00', '11:00'), hours('2026-09-16', '2026-09-16', '10:30', '12:00'), true],
    ['hour ranges end to start', hours('2026-09-16', '2026-09-16', '09:00', '11:00'), hours('2026-09-16', '2026-09-16', '11:00', '12:00'), false],
    ['a night range reaching the next date', hours('2026-09-16', '2026-09-16', '22:00', '02:00'), hours('2026-09-17', '2026-09-17', '01:00', '03:00'), true],
    ['a night range and the next day off', hours('2026-09-16', '2026-09-16', '22:00', '02:00'), days('2026-09-17', '2026-09-17'), true],
    ['the same hours on different dates', hours('2026-09-16', '2026-09-16', '09:00', '11:00'), hours('2026-09-17', '2026-09-18', '09:00', '11:00'), false],
  ])('%s', (_label, a, b, expected) => {
    expect(permissionsOverlap(a, b)).toBe(expected);
    expect(permissionsOverlap(b, a)).toBe(expected);
  });
});
