import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './password-policy';

describe('isCommonPassword', () => {
  it.each(['12345678', 'password', 'Contraseña', 'CONTRASENA', 'colocolo', 'Chile2026', 'aaaaaaaa', '23456789', 'abcdefghij', '98765432', 'demo1234'])(
    'refuses %j',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );
  it.each(['Nueva-clave-2026', 'trigal-x8k2-2026', 'caballo correcto batería grapa', 'Jx9!mP2q'])('accepts %j', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});
