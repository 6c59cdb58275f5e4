import { describe, expect, it } from 'vitest';
import { crearEmpresaBodySchema, crearUsuarioBodySchema } from './onboarding';
import { resetPasswordBodySchema } from './session';

const user = {
  nombre: 'Ana',
  apellidos: 'Pérez',
  rut: '11.111.111-1',
  password: 'clave-segura',
  email: 'ANA@Ejemplo.cl ',
  razon_social: 'Ejemplo SpA',
  inicio_contrato: '2024-02-29',
};

describe('onboarding contracts', () => {
  it('normalises the RUT and e-mail and turns empty optional texts into absent ones', () => {
    const parsed = crearUsuarioBodySchema.parse({ ...user, cargo: '', fin_contrato: '' });
    expect(parsed).toMatchObject({ rut: '11111111-1', email: 'ana@ejemplo.cl', cargo: undefined, fin_contrato: undefined });
  });

  it('rejects dates that do not exist and contracts that end before they start', () => {
    const bad = crearUsuarioBodySchema.safeParse({ ...user, inicio_contrato: '2023-02-29' });
    expect(bad.error?.issues[0]?.message).toBe('La fecha no existe en el calendario.');
    const backwards = crearUsuarioBodySchema.safeParse({ ...user, fin_contrato: '2024-02-28' });
    expect(backwards.error?.issues[0]).toMatchObject({ path: ['fin_contrato'], message: 'El fin de contrato no puede ser anterior al inicio.' });
  });

  it('names missing company fields with the right article', () => {
    const result = crearEmpresaBodySchema.safeParse({ rutEmpresa: '76.086.428-5' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ nombre: 'Ingresa el nombre.', razonSocial: 'Ingresa la razón social.' });
  });

  it('asks for the reset token and a long enough password', () => {
    const result = resetPasswordBodySchema.safeParse({ password: 'corta' });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      'Falta el código del enlace para restablecer la contraseña.',
      'La contraseña debe tener al menos 8 caracteres.',
    ]);
  });
});
