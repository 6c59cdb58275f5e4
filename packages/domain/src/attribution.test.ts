import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attributeMarks, markNotice, type MarkAttribution } from './attribution';
import type { Mark, MarkKind } from './marks';
import { placeShift } from './shift-instance';
import { localToInstant, parseClockTime } from './time-zone';

const S = 'America/Santiago';
const t = (date: string, clock: string) => localToInstant(S, date, parseClockTime(clock)!);
const mark = (id: string, kind: MarkKind, date: string, clock: string): Mark => ({ id, kind, at: t(date, clock) });
const byId = (list: MarkAttribution[]) => Object.fromEntries(list.map((a) => [a.mark.id, a]));

describe('mark attribution', () => {
  const office = placeShift({ start: '08:00', end: '17:00' }, '2026-07-01', S);

  it('attributes marks around a day shift and says why in Spanish', () => {
    const out = byId(
      attributeMarks(
        [mark('a', 'entrada', '2026-07-01', '07:50'), mark('b', 'inicio_colacion', '2026-07-01', '13:00'), mark('c', 'salida', '2026-07-01', '17:20')],
        [office],
        S,
      ),
    );
    expect(out.a).toMatchObject({ date: '2026-07-01', instanceDate: '2026-07-01', status: 'atribuida', reason: '10 min antes del inicio del turno 08:00–17:00 del 2026-07-01.' });
    expect(out.b!.reason).toBe('Dentro del horario del turno 08:00–17:00 del 2026-07-01.');
    expect(out.c!.reason).toBe('20 min después del término del turno 08:00–17:00 del 2026-07-01.');
  });

  it('keeps the early-morning marks of a night shift on the day it started', () => {
    const night = placeShift({ start: '22:00', end: '06:00' }, '2026-07-01', S);
    const out = byId(attributeMarks([mark('a', 'fin_colacion', '2026-07-02', '02:00'), mark('b', 'salida', '2026-07-02', '06:05')], [night], S));
    expect(out.a).toMatchObject({ date: '2026-07-01', instanceDate: '2026-07-01' });
    expect(out.a!.reason).toBe('Turno nocturno 22:00–06:00: la marca de madrugada pertenece al día en que comenzó el turno (2026-07-01).');
    expect(out.b).toMatchObject({ date: '2026-07-01', reason: '5 min después del término del turno 22:00–06:00 del 2026-07-01.' });
  });

  it('resolves a mark in two windows by kind: entrada to the nearest start, salida to the nearest end', () => {
    const late = placeShift({ start: '14:00', end: '22:00' }, '2026-07-06', S);
    const early = placeShift({ start: '06:00', end: '14:00' }, '2026-07-07', S);
    const out = byId(attributeMarks([mark('s', 'salida', '2026-07-07', '03:00'), mark('e', 'entrada', '2026-07-07', '03:00')], [early, late], S));
    expect(out.s).toMatchObject({ instanceDate: '2026-07-06' });
    expect(out.s!.reason).toContain('se asigna al de término más cercano');
    expect(out.e).toMatchObject({ instanceDate: '2026-07-07' });
    expect(out.e!.reason).toContain('se asigna al de inicio más cercano');
  });

  it('gives a mark in two windows to the shift of the entrada still open before it: an early leave is not last night’s late exit', () => {
    const night = placeShift({ start: '22:00', end: '06:00' }, '2026-07-01', S);
    const morning = placeShift({ start: '07:00', end: '15:00' }, '2026-07-02', S);
    // 08:00 is 2 h after last night's end and 7 h before this morning's: alone, the salida goes to the night.
    const alone = byId(attributeMarks([mark('s', 'salida', '2026-07-02', '08:00')], [night, morning], S));
    expect(alone.s).toMatchObject({ instanceDate: '2026-07-01' });
    // After this morning's 06:58 entrada it closes the morning shift, and so do its colación marks.
    const out = byId(
      attributeMarks(
        [mark('e', 'entrada', '2026-07-02', '06:58'), mark('c', 'inicio_colacion', '2026-07-02', '07:30'), mark('f', 'fin_colacion', '2026-07-02', '07:45'), mark('s', 'salida', '2026-07-02', '08:00')],
        [night, morning],
        S,
      ),
    );
    expect(Object.values(out).map((a) => a.instanceDate)).toEqual(['2026-07-02', '2026-07-02', '2026-07-02', '2026-07-02']);
    expect(out.s!.reason).toBe('Dentro del horario del turno 07:00–15:00 del 2026-07-02. Cae en la ventana de dos turnos: se asigna al de la entrada que la precede.');
  });

  it('of consecutive marks of the same kind in a day the first counts and the rest are ignored', () => {
    const out = byId(
      attributeMarks(
        [mark('b', 'entrada', '2026-07-01', '08:01'), mark('a', 'entrada', '2026-07-01', '07:58'), mark('c', 'entrada', '2026-07-01', '08:02'), mark('d', 'salida', '2026-07-01', '17:00')],
        [office],
        S,
      ),
    );
    expect(out.a!.status).toBe('atribuida');
    expect(out.b).toMatchObject({ status: 'ignorada', reason: 'Marca repetida de entrada: cuenta la primera (07:58:00) y esta se ignora.' });
    expect(out.c!.status).toBe('ignorada');
    expect(out.d!.status).toBe('atribuida');
  });

  it('groups marks outside every shift into an unplanned workday opened by its entrada, across midnight', () => {
    const out = byId(
      attributeMarks(
        [mark('a', 'entrada', '2026-07-04', '22:00'), mark('b', 'salida', '2026-07-05', '05:00'), mark('c', 'salida', '2026-07-05', '18:00')],
        [office],
        S,
      ),
    );
    expect(out.a).toMatchObject({ date: '2026-07-04', instanceDate: null, reason: 'Entrada fuera de todo turno planificado: abre una jornada no planificada el 2026-07-04.' });
    expect(out.b).toMatchObject({ date: '2026-07-04', reason: 'Pertenece a la jornada no planificada iniciada el 2026-07-04 a las 22:00.' });
    expect(out.c).toMatchObject({ date: '2026-07-05', reason: 'Fuera de todo turno planificado y sin entrada previa: se asigna al día 2026-07-05.' });
  });

  it('an unplanned workday ends after 16 hours', () => {
    const out = byId(attributeMarks([mark('a', 'entrada', '2026-07-04', '06:00'), mark('b', 'salida', '2026-07-05', '07:00')], [], S));
    expect(out.b!.date).toBe('2026-07-05');
  });

  it('returns unreadable marks as ignored instead of throwing', () => {
    const garbage = [{ id: 'x', kind: 'otra', at: 1 }, { id: 'y', kind: 'entrada', at: Number.NaN }, null] as unknown as Mark[];
    const out = attributeMarks(garbage, [office], S);
    expect(out).toHaveLength(3);
    expect(out.every((a) => a.status === 'ignorada' && a.date === null)).toBe(true);
  });
});

describe('mark attribution properties', () => {
  const instances = [
    placeShift({ start: '22:00', end: '06:00' }, '2026-04-03', S),
    placeShift({ start: '22:00', end: '06:00' }, '2026-04-04', S),
    placeShift({ start: '14:00', end: '22:00' }, '2026-04-06', S),
    placeShift({ start: '06:00', end: '14:00' }, '2026-04-07', S),
  ];
  const base = Date.parse('2026-04-03T00:00Z');
  const marksArb = fc
    .array(
      fc.record({
        kind: fc.constantFrom<MarkKind>('entrada', 'salida', 'inicio_colacion', 'fin_colacion'),
        minute: fc.integer({ min: 0, max: 6 * 24 * 60 }),
      }),
      { maxLength: 40 },
    )
    .map((list) => list.map((m, i): Mark => ({ id: `m${i}`, kind: m.kind, at: base + m.minute * 60_000 })));

  it('attributes every mark exactly once, to at most one instance', () => {
    fc.assert(
      fc.property(marksArb, (marks) => {
        const out = attributeMarks(marks, instances, S);
        expect(out.map((a) => a.mark.id).sort()).toEqual(marks.map((m) => m.id).sort());
        for (const a of out) {
          if (a.instanceDate !== null) expect(instances.filter((i) => i.date === a.instanceDate)).toHaveLength(1);
        }
      }),
    );
  });

  it('does not depend on the order marks arrive in', () => {
    fc.assert(
      fc.property(marksArb.chain((m) => fc.tuple(fc.constant(m), fc.shuffledSubarray(m, { minLength: m.length, maxLength: m.length }))), ([marks, shuffled]) => {
        expect(attributeMarks(shuffled, [...instances].reverse(), S)).toEqual(attributeMarks(marks, instances, S));
      }),
    );
  });
});

describe('the notice shown when marking', () => {
  const morning = placeShift({ start: '07:00', end: '15:00' }, '2026-07-01', S);
  const night = placeShift({ start: '22:00', end: '06:00' }, '2026-06-30', S);
  const today = { date: '2026-07-01', kind: 'turno' as const };
  it.each([
    ['06:00', 'dentro'],
    ['07:00', 'dentro'],
    ['16:59', 'dentro'],
    ['05:59', 'fuera'],
    ['17:01', 'fuera'],
    ['19:17', 'fuera'],
  ])('an entrada at %s for a 07:00–15:00 shift is %s', (clock, status) => {
    const entrada = mark('m', 'entrada', '2026-07-01', clock);
    const notice = markNotice(entrada, [entrada], [morning], S, today);
    expect(notice.status).toBe(status);
    if (notice.status === 'fuera') expect(notice.instance.label).toBe(morning.label);
  });

  it('names the shift the evaluation attributes the mark to: last night’s for its exit, today’s for an early entrada', () => {
    const salida = mark('s', 'salida', '2026-07-01', '06:10');
    expect(markNotice(salida, [mark('e', 'entrada', '2026-06-30', '21:55'), salida], [night, morning], S, today)).toMatchObject({ status: 'dentro', instance: { date: '2026-06-30' } });
    // 05:50 is within the notice's margin of last night's shift only, but the evaluation gives an
    // entrada to the shift whose start is nearest: today's, which it reaches 70 minutes early.
    const entrada = mark('m', 'entrada', '2026-07-01', '05:50');
    const notice = markNotice(entrada, [], [night, morning], S, today);
    expect(notice).toMatchObject({ status: 'fuera', instance: { date: '2026-07-01', label: '07:00–15:00' } });
    expect(attributeMarks([entrada], [night, morning], S)[0]!.instanceDate).toBe('2026-07-01');
  });

  it('says when no shift takes the mark: the day’s own shift far away, a rest day or nothing planned', () => {
    const entrada = mark('m', 'entrada', '2026-07-01', '13:00');
    expect(markNotice(entrada, [entrada], [night], S, { date: '2026-07-01', kind: 'libre' }).status).toBe('libre');
    expect(markNotice(entrada, [entrada], [night], S, { date: '2026-07-01', kind: null }).status).toBe('sin_planificar');
    expect(markNotice(entrada, [entrada], [], S, { date: '2026-07-01', kind: null }).status).toBe('sin_planificar');
    const evening = placeShift({ start: '22:00', end: '23:30' }, '2026-07-01', S);
    const early = mark('x', 'entrada', '2026-07-01', '08:00');
    expect(markNotice(early, [early], [evening], S, today)).toMatchObject({ status: 'fuera', instance: { date: '2026-07-01' } });
  });
});
