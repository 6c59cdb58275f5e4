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
