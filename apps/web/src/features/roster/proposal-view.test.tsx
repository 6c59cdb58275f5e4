import type { Propuesta } from '@jornada/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER } from '../../test/api-stubs';
import { renderPage } from '../../test/render-page';
import type { FixedChoice } from './components/fix-day-dialog';
import { ProposalView } from './components/proposal-view';

const PROPOSAL: Propuesta = {
  id: 'p1',
  estado: 'lista',
  progreso: 100,
  error: null,
  sede: { id: 's1', nombre: 'Tienda Centro', zonaHoraria: 'America/Santiago' },
  grupo: null,
  desde: '2026-12-07',
  hasta: '2026-12-08',
  creadaEn: '2026-11-28T12:00:00Z',
  calculadaEn: '2026-11-28T12:00:05Z',
  aplicadaEn: null,
  descansoMinimoHoras: 12,
  fijos: [],
  resultado: {
    solver: 'factible',
    brecha: null,
    segundos: 20,
    turnos: [{ id: 't1', codigo: 'MAN', nombre: 'Mañana', color: '#1c7ed6', etiqueta: '08:00–16:30', noche: false }],
    trabajadores: [{ id: 'u1', nombre: 'Ana', apellidos: 'Rojas', horasSemanales: 42, segundosPlanificados: 8 * 3600, segundosPactados: 12 * 3600, domingos: 0, feriados: 0, noches: 0, diasCambiados: 2 }],
    asignaciones: [
      { usuarioId: 'u1', fecha: '2026-12-07', turnoId: 't1', noDisponible: false, actual: { tipo: 'sin_planificar', turnoId: null }, cambia: true },
      { usuarioId: 'u1', fecha: '2026-12-08', turnoId: null, noDisponible: false, actual: { tipo: 'sin_planificar', turnoId: null }, cambia: true },
    ],
    cobertura: [],
    faltas: [],
    observaciones: [],
    omitidos: [],
  },
};

function Harness({ onRecompute }: { onRecompute: (fixed: Map<string, FixedChoice>) => void }) {
  const [fixed, setFixed] = useState<Map<string, FixedChoice>>(new Map());
  return (
    <ProposalView
      proposal={PROPOSAL}
      fixed={fixed}
      onFix={(u, f, choice) =>
        setFixed((current) => {
          const next = new Map(current);
          if (choice === undefined) next.delete(`${u}|${f}`);
          else next.set(`${u}|${f}`, choice);
          return next;
        })
      }
      onClearFixed={() => setFixed(new Map())}
      onRecompute={() => onRecompute(fixed)}
      recomputing={false}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adjusting a proposal', () => {
  it('says when the proposal has no proven bound, fixes a day in a dialog and asks again with it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
        return Response.json(path === '/usuarios/profile' ? SAMPLE_USER : {});
      }),
    );
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('token_set_at', String(Date.now()));
    const recompute = vi.fn();
    renderPage(<Harness onRecompute={recompute} />, { path: '/dashboard/planning/automatic' });
    expect(await screen.findByText(/Propuesta legal, sin cota de su distancia a lo óptimo/)).toBeInTheDocument();
    const again = screen.getByRole('button', { name: 'Volver a calcular con los días fijados' });
    expect(again).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Ana Rojas, 08-12-2026: L\. Fijar el día/ }));
    await user.click(await screen.findByRole('radio', { name: /MAN · Mañana/ }));
    await user.click(screen.getByRole('button', { name: 'Fijar' }));
    expect(await screen.findByRole('button', { name: /Ana Rojas, 08-12-2026: MAN, fijado/ })).toBeInTheDocument();
    expect(screen.getByText('1 día fijado para la próxima propuesta.')).toBeInTheDocument();
    await user.click(again);
    expect(recompute).toHaveBeenCalledTimes(1);
    expect([...recompute.mock.calls[0]![0]]).toEqual([['u1|2026-12-08', 't1']]);
  });
});
