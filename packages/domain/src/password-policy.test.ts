import { describe, expect, it } from 'vitest';
import { isCommonPassword, normalizePassword, passwordProblem } from './password-policy';

describe('isCommonPassword', () => {
  it.each(['12345678', 'password', 'Contraseña', 'CONTRASENA', 'colocolo', 'Chile2026', 'aaaaaaaa', '23456789', 'abcdefghij', '98765432', 'demo1234'])(
    'refuses %j',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );
  it.each(['Nueva-clave-2026', 'trigal-x8k2-2026', 'caballo correcto batería grapa', 'Jx9!mP2q'])('accepts %j', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});

describe('passwordProblem', () => {
  it.each([
    ['        ', 'solo_espacios'],
    ['\t\n \u00a0 ', 'solo_espacios'],
    ['   abc   def   ', 'corta'],
    ['  12345678  ', 'comun'],
    ['1234 5678', 'comun'],
    ['Contraseña123', 'comun'],
  ] as const)('refuses %j as %s', (password, problem) => expect(passwordProblem(password)).toBe(problem));

  it('refuses the person’s own RUT or e-mail inside the password', () => {
    const context = { rut: '12345678-5', email: 'maria.gonzalez@laespiga.cl' };
    expect(passwordProblem('12.345.678', context)).toBe('datos_personales');
    expect(passwordProblem('clave-12345678', context)).toBe('datos_personales');
    expect(passwordProblem('Maria.Gonzalez!', context)).toBe('datos_personales');
    expect(passwordProblem('trigal-x8k2-2026', context)).toBeNull();
  });

  it('accepts passphrases with spaces and accents', () => {
    expect(passwordProblem('caballo correcto batería grapa')).toBeNull();
  });
});

describe('normalizePassword', () => {
  it('removes invisible characters and applies NFKC', () => {
    expect(normalizePassword('1234\u200b5678')).toBe('12345678');
    expect(normalizePassword('a\u200cb\u200dc\u2060d\ufeffe\u00adf\u034fg')).toBe('abcdefg');
    expect(normalizePassword('ｔｒｉｇａｌ-８ｋ２')).toBe('trigal-8k2');
    expect(normalizePassword('camio\u0301n')).toBe('camión');
    // An invisible character between a letter and its accent does not keep them apart.
    expect(normalizePassword('o\u200b\u0301')).toBe('ó');
  });
  it('the policy counts the normalised characters', () => {
    expect(passwordProblem('abc\u200bdefg')).toBe('corta');
    expect(passwordProblem('1234\u200b5678')).toBe('comun');
    expect(passwordProblem('１２３４１２３４')).toBe('comun');
  });
});
