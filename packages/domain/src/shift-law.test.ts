import { describe, expect, it } from 'vitest';
import type { ShiftTemplate } from './shift-instance';
import { shiftLegalWarnings, type ShiftLawWarningCode } from './shift-law';

const shift = (start: string, end: string, brk: ShiftTemplate['break'] = null): ShiftTemplate => ({ start, end, break: brk });
const minutes = (m: number) => ({ minutes: m });

// 2026-11-28: the weekly limit in force is 42 hours (Ley 21.561), part time up to 28.
const DATE = '2026-11-28';

describe('shiftLegalWarnings: what a shift breaks of the law before it is planned', () => {
  it.each<[string, ShiftTemplate, number | undefined, string, ShiftLawWarningCode[]]>([
    // The case: 07:00–20:00 with no colación six days a week is 78 ordinary hours.
    ['07:00–20:00 without colación, 6 days (the 78-hour week of the shifts upload)', shift('07:00', '20:00'), 6, DATE, ['jornada_diaria_sobre_limite', 'colacion_no_planificada', 'jornada_semanal_sobre_limite']],
    ['09:00–18:00 with 60 min of colación, 5 days: lawful', shift('09:00', '18:00', minutes(60)), 5, DATE, []],
    ['09:00–18:00 with a fixed 13:00–14:00 colación, 5 days: lawful', shift('09:00', '18:00', { start: '13:00', end: '14:00' }), 5, DATE, []],
    // Art. 22: 8 h × 6 days = 48 h over 42.
    ['09:00–18:00 with 60 min, 6 days: the week', shift('09:00', '18:00', minutes(60)), 6, DATE, ['jornada_semanal_sobre_limite']],
    // Night shifts cross midnight: 22:00–06:00 is 8 hours by the clock, whatever the DST night.
    ['night 22:00–06:00 with 30 min, 5 days: lawful', shift('22:00', '06:00', minutes(30)), 5, DATE, []],
    ['night 22:00–06:00 on the night summer time ends: nominal 8 h', shift('22:00', '06:00', minutes(30)), 5, '2026-04-04', []],
    ['night 22:00–06:00 without colación (art. 34)', shift('22:00', '06:00'), 5, DATE, ['colacion_no_planificada']],
    ['night 20:00–08:00 with 60 min: 11 ordinary hours (art. 22/28)', shift('20:00', '08:00', minutes(60)), 4, DATE, ['jornada_diaria_sobre_limite', 'jornada_semanal_sobre_limite']],
    // Art. 28: exactly 10 ordinary hours passes; one minute more does not.
    ['exactly 10 h ordinary passes', shift('08:00', '18:30', minutes(30)), 4, DATE, []],
    ['10 h 01 min ordinary fails', shift('08:00', '18:31', minutes(30)), 4, DATE, ['jornada_diaria_sobre_limite']],
    // Art. 34: a colación of 30 minutes passes, 29 does not.
    ['colación of 30 min passes', shift('09:00', '17:30', minutes(30)), 5, DATE, []],
    ['colación of 29 min fails', shift('09:00', '17:29', minutes(29)), 5, DATE, ['colacion_bajo_minimo']],
    ['fixed colación of 20 min fails', shift('09:00', '17:30', { start: '13:00', end: '13:20' }), 5, DATE, ['colacion_bajo_minimo']],
    // Part time (art. 40 bis) may run without colación: 5 h × 5 days = 25 h within 28; × 6 = 30 h is not part time.
    ['09:00–14:00 without colación, 5 days: part time, lawful', shift('09:00', '14:00'), 5, DATE, []],
    ['09:00–14:00 without colación, 6 days: needs a colación', shift('09:00', '14:00'), 6, DATE, ['colacion_no_planificada']],
    // chile.md: a 44-hour week breaks the limit from 2026-04-26 on; 42 passes; before, 44 passed.
    ['44 h a week in the week of 2026-04-27', shift('08:00', '17:48', minutes(60)), 5, '2026-04-27', ['jornada_semanal_sobre_limite']],
    ['42 h a week in the week of 2026-04-27', shift('08:00', '17:24', minutes(60)), 5, '2026-04-27', []],
    ['44 h a week on 2026-04-24, under the 44-hour limit', shift('08:00', '17:48', minutes(60)), 5, '2026-04-24', []],
    // Days unknown: the week is judged at the fewest lawful days (5; 4 under the 40-hour limit).
    ['9 h a day, days unknown: 45 h at 5 days', shift('08:00', '18:00', minutes(60)), undefined, DATE, ['jornada_semanal_sobre_limite']],
    ['9 h a day, days unknown, under 40 h: 36 h at 4 days', shift('08:00', '18:00', minutes(60)), undefined, '2028-05-01', []],
  ])('%s', (_, template, daysPerWeek, date, codes) => {
    const warnings = shiftLegalWarnings(template, daysPerWeek === undefined ? { date } : { date, daysPerWeek });
    expect(warnings.map((w) => w.code)).toEqual(codes);
  });

  it('cites the article and the figures in Spanish', () => {
    const messages = shiftLegalWarnings(shift('07:00', '20:00'), { date: DATE, daysPerWeek: 6 }).map((w) => w.message);
    expect(messages).toEqual([
      'El turno 07:00–20:00 tiene 13 h 00 min ordinarias al día: supera el máximo legal de 10 horas diarias (art. 22 y 28 del Código del Trabajo).',
      'El turno 07:00–20:00 no tiene colación: la jornada debe dividirse en dos partes con al menos 30 minutos de colación (art. 34 del Código del Trabajo).',
      'A 6 días por semana el turno 07:00–20:00 suma 78 h 00 min ordinarias: supera el máximo legal de 42 horas semanales vigente el 28-11-2026 (art. 22 del Código del Trabajo, Ley 21.561).',
    ]);
    expect(shiftLegalWarnings(shift('09:00', '17:29', minutes(29)), { date: DATE })[0]!.message).toContain('29 min de colación: la ley exige al menos 30 minutos (art. 34');
  });

  it('says nothing of an invalid template (its validation does)', () => {
    expect(shiftLegalWarnings(shift('08:00', '12:00', { start: '13:00', end: '14:00' }), { date: DATE })).toEqual([]);
    expect(shiftLegalWarnings(shift('8', '12:00'), { date: DATE })).toEqual([]);
  });
});
