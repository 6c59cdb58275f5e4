import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../lib/api-client';
import { mockRoutes } from '../test/mock-api';
import { renderUi } from '../test/render-ui';
import { EvaluationProgress, readEvaluated } from './evaluation-progress';

const calculo = (hechos: number, estado: 'calculando' | 'listo' = 'calculando') => ({ id: '7', estado, hechos, total: 200, desde: '2026-09-28', hasta: '2026-11-01' });

function Page() {
  const query = useQuery({
    queryKey: ['prueba-evaluada'],
    queryFn: ({ signal }) => readEvaluated(() => apiGet<{ trabajadores: number }>('/v1/asistencia/dia', { token: 'tok', signal }), { token: 'tok', signal, pollMs: 5 }),
  });
  return (
    <>
      <EvaluationProgress />
      {query.data ? <p>Trabajadores: {query.data.trabajadores}</p> : <p>Cargando página…</p>}
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a page of evaluated attendance whose period is being evaluated', () => {
  it('shows the progress of the calculation while it runs, then loads the page', async () => {
    let pageReads = 0;
    const progress = [calculo(70), calculo(70), calculo(200, 'listo')];
    let polls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockRoutes({
      'GET /v1/asistencia/dia': () => {
        pageReads++;
        return pageReads === 1
          ? { status: 202, body: { estado: 'calculando', mensaje: 'Calculando la asistencia del periodo…', calculo: calculo(0) } }
          : { body: { trabajadores: 10000 } };
      },
      'GET /v1/asistencia/calculos/:id': async () => {
        // The second answer waits until the test has seen 35 %.
        if (polls === 1) await held;
        return { body: progress[Math.min(polls++, progress.length - 1)] };
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderUi(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Calculando la asistencia… 35 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avance del cálculo de la asistencia' })).toHaveAttribute('aria-valuenow', '35');
    expect(screen.getByText('Cargando página…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Trabajadores: 10000')).toBeInTheDocument();
    // The bar goes away with the calculation; the page was read twice, the calculation followed by its id.
    expect(screen.queryByTestId('calculo-asistencia')).not.toBeInTheDocument();
    expect(pageReads).toBe(2);
    expect(calls.filter((c) => c.path === '/v1/asistencia/calculos/7').length).toBe(3);
    expect(calls.every((c) => c.headers.get('authorization') === 'Bearer tok')).toBe(true);
  });

  it('leaves any other failure to the page', async () => {
    mockRoutes({ 'GET /v1/asistencia/dia': () => ({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' } } }) });
    await expect(readEvaluated(() => apiGet('/v1/asistencia/dia', { token: 'tok' }), { token: 'tok', pollMs: 5 })).rejects.toThrow('No tienes permiso para realizar esta acción.');
  });
});
