import { describe, expect, it } from 'vitest';
import { boardStatus, explanationAt } from './attendance.model';

describe('a day read before its shift ends', () => {
  const facts = { status: 'ausente' as const, lateSeconds: 0, shiftEnd: new Date('2026-11-27T21:00:00Z'), firstEntry: null, codes: [] };
  it('is «sin marcar» on the board and in its explanation, not an absence', () => {
    const { estado } = boardStatus(facts, new Date('2026-11-27T10:00:00Z'));
    expect(estado).toBe('sin_marcar');
    expect(explanationAt(['Turno 09:00–18:00.', 'Estado: Ausente.'], estado)).toEqual([
      'Turno 09:00–18:00.',
      'Estado: sin marcar aún. El turno no ha terminado: todavía no es una ausencia.',
    ]);
  });
  it('is an absence once the shift has ended', () => {
    const { estado } = boardStatus(facts, new Date('2026-11-27T22:00:00Z'));
    expect(estado).toBe('ausente');
    expect(explanationAt(['Estado: Ausente.'], estado)).toEqual(['Estado: Ausente.']);
  });
});
