import { describe, expect, it } from 'vitest';
import { permissionNotice } from './permission-notice';

describe('what a worker reads about the permission they are on', () => {
  it.each([
    [{ codigo: 'VAC.', nombre: 'Vacaciones', desde: '2026-11-23', hasta: '2026-12-05' }, 'Hoy estás de vacaciones (hasta el 05-12-2026).'],
    [{ codigo: 'VAC.', nombre: 'Vacaciones', desde: '2026-11-25', hasta: '2026-11-25' }, 'Hoy estás de vacaciones.'],
    [{ codigo: 'L.M.', nombre: 'Licencia médica', desde: '2026-11-20', hasta: '2026-11-30' }, 'Hoy estás con licencia médica (hasta el 30-11-2026).'],
    [
      { codigo: 'P.MAT.', nombre: 'Permiso por matrimonio o unión civil', desde: '2026-11-26', hasta: '2026-12-02' },
      'Desde el 26-11-2026 estás con permiso por matrimonio o unión civil (hasta el 02-12-2026).',
    ],
    [{ codigo: 'PGR', nombre: 'PGR especial', desde: '2026-11-25', hasta: '2026-11-26' }, 'Hoy estás con PGR especial (hasta el 26-11-2026).'],
  ])('%o', (permission, text) => {
    expect(permissionNotice(permission, '2026-11-25')).toBe(text);
  });
});
