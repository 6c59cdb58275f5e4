import { describe, expect, it } from 'vitest';
import { passwordSchema } from './common';

describe('passwordSchema', () => {
  it('refuses short and common passwords with a Spanish message', () => {
    expect(passwordSchema.safeParse('corta').error?.issues[0]?.message).toBe('La contraseña debe tener al menos 8 caracteres.');
    expect(passwordSchema.safeParse('Contraseña123').error?.issues[0]?.message).toBe(
      'Esa contraseña es demasiado común. Elige una más difícil de adivinar.',
    );
  });
  it('accepts a long uncommon password', () => {
    expect(passwordSchema.safeParse('Nueva-clave-2026').success).toBe(true);
  });
});

describe('passwordSchema with invisible and compatibility characters', () => {
  it('does not count zero-width and other format characters toward the length', () => {
    for (const password of ['abc\u200bdefg', 'abc\u200d\u200cdefg', 'abcd\u2060efg\ufeff', 'abc\u00addefg\u00ad']) {
      expect(passwordSchema.safeParse(password).error?.issues[0]?.message, JSON.stringify(password)).toBe('La contraseña debe tener al menos 8 caracteres.');
    }
  });
  it('1234\u200b5678 is the common 12345678, not a 9-character password', () => {
    expect(passwordSchema.safeParse('1234\u200b5678').error?.issues[0]?.message).toBe('Esa contraseña es demasiado común. Elige una más difícil de adivinar.');
  });
  it('checks the NFKC form: full-width digits are the common 12341234', () => {
    expect(passwordSchema.safeParse('１２３４１２３４').error?.issues[0]?.message).toBe('Esa contraseña es demasiado común. Elige una más difícil de adivinar.');
    expect(passwordSchema.safeParse('ｔｒｉｇａｌ-８ｋ２-２０２６').success).toBe(true);
  });
});
