import type { RemuneracionesResponse, RemuneracionTrabajador } from '@jornada/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { RemunerationsPage } from './remunerations';

afterEach(() => {
  vi.unstubAllGlobals();
});

function row(overrides: Partial<RemuneracionTrabajador>): RemuneracionTrabajador {
  return {
    usuarioId: 'u1',
    nombre: 'Rosa',
    apellidos: 'Riquelme',
    rut: '12.345.678-5',
    idEmpleado: '12345678-5',
    numeroContrato: '1',
    cargo: 'Vendedora',
    grupo: null,
    sede: null,
    sueldoBase: 600_000,
    horasSemanales: 42,
    diasTrabajados: 2,
    ausencias: { dias: 0, valor: 0 },
    faltante: { segundos: 0, atrasoSegundos: 0, salidaAnticipadaSegundos: 0, valor: 0 },
    horasExtra: { recargoPorcentaje: 50, segundos: 0, dentroLimiteSegundos: 0, sobreLimiteSegundos: 0, valorHora: 5000, valor: 0, encontradasSegundos: 0, sobrePactadaSegundos: 0, confirmadasSegundos: 0, incumplimiento: { sinPactoSegundos: 0, sobreDosHorasSegundos: 0, diaDescansoSegundos: 0, dias: 0 }, compensadasFeriadoSegundos: 0, feriadoNoUsadoSegundos: 0, feriadoNoUsadoValor: 0 },
    domingosTrabajados: 1,
    festivosTrabajados: 1,
    domingosOFestivosTrabajados: 2,
    exceptuadoDescansoDominical: true,
    domingoOrdinarioSegundos: 8 * 3600,
    recargoDominicalPorcentaje: 30,
    recargoDominicalMonto: 8000,
    permisos: [],
    descuentoPermisos: 0,
    diasPendientes: 0,
    valorDia: 20_000,
    valorHoraOrdinaria: 3333,
    horasSemanalesUsadas: 42,
    alertas: [],
    ...overrides,
  };
}

describe('remunerations: the Sunday surcharge', () => {
  it('shows the Sunday surcharge of a worker excepted from Sunday rest (art. 38), and a dash for the others', async () => {
    const rosa = row({});
    const tomas = row({ usuarioId: 'u2', nombre: 'Tomás', apellidos: 'Toro', rut: '15.509.661-6', exceptuadoDescansoDominical: false, domingoOrdinarioSegundos: 0, recargoDominicalPorcentaje: null, recargoDominicalMonto: 0 });
    const body: RemuneracionesResponse = {
      periodo: '202607',
      desde: '2026-07-01',
      hasta: '2026-07-31',
      hastaCerrado: '2026-07-31',
      estado: { periodo: '202607', cerrado: false, cerradoEn: null, cerradoPor: null, puedeCerrarse: true, historial: [] },
      items: [rosa, tomas],
      total: 2,
      page: 1,
      pageSize: 50,
      totales: {
        trabajadores: 2,
        diasTrabajados: 4,
        ausenciasDias: 0,
        ausenciasValor: 0,
        faltanteSegundos: 0,
        faltanteValor: 0,
        horasExtraSegundos: 0,
        horasExtraValor: 0,
        domingosOFestivosTrabajados: 4,
        domingoOrdinarioSegundos: 8 * 3600,
        recargoDominicalMonto: 8000,
        permisosPagadosDias: 0,
        permisosNoPagadosDias: 0,
        descuentoPermisos: 0,
        diasPendientes: 0,
        sinSueldo: 0,
      },
    };
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/remuneraciones/:periodo': () => ({ body }),
      'GET /v1/reportes/opciones': () => ({ body: { grupos: [], sedes: [], cargos: [], turnos: [] } }),
    });
    renderPage(<RemunerationsPage />, { path: '/dashboard/remunerations?periodo=202607' });
    expect(await screen.findByRole('button', { name: 'Horas ordinarias de domingo de Rosa Riquelme: 8 h 00 min' }, { timeout: 15_000 })).toHaveTextContent(/\$\s?8\.000 · 30 %/);
    const totals = screen.getByRole('group', { name: 'Totales del mes' });
    expect(within(totals).getByText('Recargo dominical').parentElement).toHaveTextContent(/8 h 00 min\$\s?8\.000/);
    expect(screen.queryByRole('button', { name: /Horas ordinarias de domingo de Tomás/ })).toBeNull();
    expect(screen.getByTitle('No está exceptuado del descanso dominical (art. 38)')).toHaveTextContent('—');
  }, 30_000);
});
