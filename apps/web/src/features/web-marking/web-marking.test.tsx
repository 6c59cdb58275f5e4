import type { Comprobante, Marca, MarcaCreada, MarcasHoy, TipoMarca } from '@jornada/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, signedInAs, type RouteCall } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { WebMarkingRoute } from '../../app/web-marking-route';
import { createMarkQueue, flushQueue, QUEUE_STORAGE_KEY, retryDelay } from './lib/offline-queue';

const SITE = { id: 's1', nombre: 'Casa Matriz', direccion: 'Av. Apoquindo 4500, Las Condes', lat: -33.4136, lng: -70.5826, radioGeocercaM: 150 };

function today(overrides: Partial<MarcasHoy> = {}): MarcasHoy {
  return {
    fecha: '2026-11-21',
    zonaHoraria: 'America/Santiago',
    plan: { fecha: '2026-11-21', tipo: 'sin_planificar', turnoId: null, turno: null, segundosPlanificados: 0, feriado: null },
    marcas: [],
    siguiente: 'entrada',
    sede: SITE,
    metodosPermitidos: ['web'],
    permiso: null,
    ...overrides,
  };
}

function mark(tipo: TipoMarca, overrides: Partial<Marca> = {}): Marca {
  return {
    id: `m-${tipo}`,
    usuarioId: 'u1',
    tipo,
    metodo: 'web',
    instante: '2026-11-21T12:00:05.000Z',
    horaOriginal: null,
    offline: false,
    fueraDeGeocerca: false,
    precisionBaja: false,
    posicion: { lat: -33.4136, lng: -70.5826, precisionM: 12 },
    distanciaM: 3,
    dispositivo: 'Navegador web',
    sedeId: 's1',
    secuencia: 1,
    hash: 'a'.repeat(64),
    hashAnterior: '0'.repeat(64),
    corrigeMarcaId: null,
    ...overrides,
  };
}

function receipt(tipo: TipoMarca, overrides: Partial<Comprobante> = {}): Comprobante {
  return {
    marcaId: `m-${tipo}`,
    fecha: '21/11/26',
    hora: '09:00:05',
    zonaHoraria: 'America/Santiago',
    trabajador: { nombre: 'Camila Rojas Fuentes', rut: '12.345.678-5' },
    tipo,
    tipoEtiqueta: tipo === 'entrada' ? 'Entrada' : 'Salida',
    metodo: 'web',
    metodoEtiqueta: 'Web',
    hash: 'b'.repeat(64),
    empleador: { razonSocial: 'Panadería Los Aromos SpA', rut: '76.123.456-0' },
    lugarTrabajo: { nombre: 'Casa Matriz', direccion: 'Av. Apoquindo 4500, Las Condes' },
    resolucionExcepcional: null,
    posicion: null,
    offline: false,
    horaOriginal: null,
    correccionRegistrada: null,
    fueraDeGeocerca: false,
    urlVerificacion: `http://localhost/verificar/${'b'.repeat(64)}`,
    ...overrides,
  };
}

const created = (tipo: TipoMarca, markOverrides: Partial<Marca> = {}, receiptOverrides: Partial<Comprobante> = {}): MarcaCreada => ({
  marca: mark(tipo, markOverrides),
  comprobante: receipt(tipo, receiptOverrides),
});

type GeoAnswer = { ok: { lat: number; lng: number; accuracy: number } } | { error: number };
function mockGeolocation(answer: GeoAnswer) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if ('ok' in answer) success({ coords: { latitude: answer.ok.lat, longitude: answer.ok.lng, accuracy: answer.ok.accuracy } } as GeolocationPosition);
    else failure?.({ code: answer.error, message: 'no' } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition, watchPosition: vi.fn() } });
  return getCurrentPosition;
}

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const markButton = (name: string) => within(screen.getByRole('group', { name: 'Marcar' })).getByRole('button', { name: new RegExp(`^${name}`) });

describe('web marking', () => {
  it('without a plan: says so, still offers every button, and highlights Entrada', async () => {
    mockRoutes({ ...signedInAs('trabajador'), 'GET /v1/marcas/hoy': () => ({ body: today() }) });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    expect(await screen.findByText('No tienes un turno planificado para hoy.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/Igual puedes marcar/)).toBeInTheDocument();
    expect(screen.getByText('Aún no marcas hoy.')).toBeInTheDocument();
    expect(screen.getByText(/Tu siguiente marca:/)).toHaveTextContent('Tu siguiente marca: Entrada');
    const group = screen.getByRole('group', { name: 'Marcar' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['EntradaSiguiente', 'Inicio de colación', 'Fin de colación', 'Salida']);
    expect(markButton('Entrada')).toHaveAttribute('data-next');
    expect(markButton('Salida')).not.toHaveAttribute('data-next');
  });

  it('with a shift and a mark: shows the shift, the marks today and the next expected mark', async () => {
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({
        body: today({
          plan: {
            fecha: '2026-11-21',
            tipo: 'turno',
            turnoId: 't1',
            turno: { id: 't1', codigo: 'OFI', nombre: 'Oficina', color: '#0b7a6e', inicio: '09:00', fin: '18:00', etiqueta: '09:00–18:00', version: 1 },
            segundosPlanificados: 28800,
            feriado: null,
          },
          marcas: [mark('entrada', { fueraDeGeocerca: true })],
          siguiente: 'inicio_colacion',
        }),
      }),
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    expect(await screen.findByText('Oficina')).toBeInTheDocument();
    expect(screen.getByText('Desde las 09:00 hasta las 18:00')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Tus marcas de hoy' });
    expect(within(list).getByText('09:00:05')).toBeInTheDocument();
    expect(within(list).getByText('Entrada')).toBeInTheDocument();
    expect(within(list).getByText('Fuera de la geocerca')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Comprobante de entrada/ })).toHaveAttribute('href', '/dashboard/comprobantes/m-entrada');
    expect(screen.getByText(/Tu siguiente marca:/)).toHaveTextContent('Inicio de colación');
    expect(markButton('Inicio de colación')).toHaveAttribute('data-next');
    expect(markButton('Entrada')).not.toHaveAttribute('data-next');
  });

  it('marks with the position taken at that moment and shows the receipt with its links', async () => {
    const geo = mockGeolocation({ ok: { lat: -33.4137, lng: -70.5827, accuracy: 14.6 } });
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today() }),
      'POST /v1/marcas': () => ({ status: 201, body: created('entrada', {}, { posicion: { lat: -33.4137, lng: -70.5827, precisionM: 15 } }) }),
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    await screen.findByText('No tienes un turno planificado para hoy.');
    // Never asked for the position before the button.
    expect(geo).not.toHaveBeenCalled();
    await userEvent.setup().click(markButton('Entrada'));
    const receiptList = await screen.findByRole('table', { name: 'Comprobante de tu marca' });
    expect(geo).toHaveBeenCalledTimes(1);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/v1/marcas')!;
    expect(post.body).toMatchObject({ tipo: 'entrada', posicion: { lat: -33.4137, lng: -70.5827, precisionM: 15 } });
    expect((post.body as { idCliente: string }).idCliente).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.body).not.toHaveProperty('horaOriginal');
    expect(screen.getByRole('heading', { name: 'Entrada registrada a las 09:00:05' })).toBeInTheDocument();
    for (const label of ['Fecha', 'Hora', 'Trabajador', 'RUT del trabajador', 'Tipo de marca', 'Empleador', 'RUT del empleador', 'Lugar de trabajo', 'Posición', 'Código de verificación (hash SHA-256)']) {
      expect(within(receiptList).getByText(label)).toBeInTheDocument();
    }
    expect(within(receiptList).getByText('12.345.678-5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver comprobante imprimible' })).toHaveAttribute('href', '/dashboard/comprobantes/m-entrada');
    expect(screen.getByRole('link', { name: 'Verificar comprobante' })).toHaveAttribute('href', `/verificar/${'b'.repeat(64)}`);
  });

  it('on a day with an approved vacation, says so and records a mark only once the worker confirms', async () => {
    mockGeolocation({ ok: { lat: -33.4137, lng: -70.5827, accuracy: 14.6 } });
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today({ permiso: { codigo: 'VAC.', nombre: 'Vacaciones', conGoce: true, desde: '2026-11-16', hasta: '2026-11-27' } }) }),
      'POST /v1/marcas': () => ({ status: 201, body: created('entrada') }),
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    expect(await screen.findByTestId('permiso-hoy', {}, { timeout: 15_000 })).toHaveTextContent('Hoy estás de vacaciones (hasta el 27-11-2026).');
    const user = userEvent.setup();
    const posts = () => calls.filter((c) => c.method === 'POST' && c.path === '/v1/marcas');
    await user.click(markButton('Entrada'));
    let dialog = await screen.findByRole('dialog', { name: '¿Marcar de todos modos?' });
    expect(dialog).toHaveTextContent('Tienes Vacaciones (VAC.) aprobado para hoy, hasta el 27-11-2026. ¿Marcar de todos modos?');
    await user.click(within(dialog).getByRole('button', { name: 'No marcar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toHaveLength(0);
    await user.click(markButton('Entrada'));
    dialog = await screen.findByRole('dialog', { name: '¿Marcar de todos modos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar entrada' }));
    await screen.findByRole('table', { name: 'Comprobante de tu marca' });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toMatchObject({ tipo: 'entrada' });
  }, 60_000);

  it('flags a mark outside the geofence but records it', async () => {
    mockGeolocation({ ok: { lat: -33.45, lng: -70.66, accuracy: 10 } });
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today() }),
      'POST /v1/marcas': () => ({ status: 201, body: created('entrada', { fueraDeGeocerca: true }, { fueraDeGeocerca: true, posicion: { lat: -33.45, lng: -70.66, precisionM: 10 } }) }),
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Entrada/ }));
    expect(await screen.findByText('Marcaste fuera de la geocerca de tu sede')).toBeInTheDocument();
    expect(screen.getByText(/fuera de la geocerca$/)).toBeInTheDocument();
  });

  it('says a mark outside today’s shift (19:17 for 07:00–15:00) was recorded and falls outside the shift', async () => {
    mockGeolocation({ ok: { lat: -33.4378, lng: -70.6505, accuracy: 10 } });
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today() }),
      'POST /v1/marcas': () => ({ status: 201, body: { ...created('entrada', {}, { hora: '19:17:05' }), turno: { ubicacion: 'fuera', turno: '07:00–15:00' } } }),
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Entrada/ }));
    expect(await screen.findByText('Marcaste fuera de tu turno de hoy')).toBeInTheDocument();
    expect(screen.getByText(/Tu entrada de las 19:17:05 quedó registrada, pero cae fuera de tu turno de hoy \(07:00–15:00\)/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entrada registrada a las 19:17:05' })).toBeInTheDocument();
  });

  it('says nothing more for a mark inside the shift', async () => {
    mockGeolocation({ ok: { lat: -33.4378, lng: -70.6505, accuracy: 10 } });
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today() }),
      'POST /v1/marcas': () => ({ status: 201, body: { ...created('entrada'), turno: { ubicacion: 'dentro', turno: '07:00–15:00' } } }),
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Entrada/ }));
    expect(await screen.findByRole('heading', { name: /^Entrada registrada/ })).toBeInTheDocument();
    expect(screen.queryByText('Marcaste fuera de tu turno de hoy')).not.toBeInTheDocument();
  });

  it('with the position refused, still marks and says so kindly', async () => {
    mockGeolocation({ error: 1 });
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today() }),
      'POST /v1/marcas': () => ({ status: 201, body: created('entrada', { posicion: null }) }),
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Entrada/ }));
    expect(await screen.findByText('Marca registrada sin ubicación')).toBeInTheDocument();
    expect(screen.getByText(/No diste permiso para usar tu ubicación, así que la marca se registró sin ella/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/marcas')!.body).not.toHaveProperty('posicion');
    expect(within(screen.getByRole('table', { name: 'Comprobante de tu marca' })).getByText('Sin ubicación (no se tomó al marcar)')).toBeInTheDocument();
  });

  it('shows the server’s words for a repeated mark', async () => {
    mockGeolocation({ error: 2 });
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today({ marcas: [mark('entrada')], siguiente: 'inicio_colacion' }) }),
      'POST /v1/marcas': () => ({
        status: 200,
        body: {
          motivo: 'marca_repetida',
          mensaje: 'Ya registraste una entrada; se conserva la primera.',
          intento: {
            id: 'i1', usuarioId: 'u1', trabajador: 'Camila Rojas', rut: '12.345.678-5', tipo: 'entrada', metodo: 'web', motivo: 'marca_repetida',
            motivoEtiqueta: 'Marca repetida (ignorada)', instante: '2026-11-21T12:05:00.000Z', sedeId: 's1', marcaId: 'm-entrada', detalle: null, dispositivo: null, posicion: null,
          },
        },
      }),
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Entrada/ }));
    expect(await screen.findByText('Marca no registrada: ya la habías hecho')).toBeInTheDocument();
    expect(screen.getByText('Ya registraste una entrada; se conserva la primera.')).toBeInTheDocument();
  });

  it('offline: queues the mark on the device and sends it, flagged with its original time, when the network returns', async () => {
    mockGeolocation({ ok: { lat: -33.4136, lng: -70.5826, accuracy: 8 } });
    online = false;
    const posts: RouteCall[] = [];
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today() }),
      'POST /v1/marcas': (call) => {
        posts.push(call);
        return { status: 201, body: created('entrada', { offline: true, horaOriginal: (call.body as { horaOriginal: string }).horaOriginal }) };
      },
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Entrada/ }));
    expect(await screen.findByText('Sin conexión: tu marca quedó guardada en este dispositivo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 marca pendiente de envío' })).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    const stored = JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY)!) as { idCliente: string; horaOriginal: string; usuarioId: string; tipo: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ usuarioId: 'u1', tipo: 'entrada', posicion: { lat: -33.4136, lng: -70.5826, precisionM: 8 } });

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: '1 marca pendiente de envío' })).not.toBeInTheDocument());
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ tipo: 'entrada', idCliente: stored[0]!.idCliente, horaOriginal: stored[0]!.horaOriginal });
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it('a lost connection while sending queues the mark and retries it with the same id', async () => {
    mockGeolocation({ error: 1 });
    const posts: RouteCall[] = [];
    let down = true;
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/marcas/hoy': () => ({ body: today() }),
      'POST /v1/marcas': (call) => {
        posts.push(call);
        if (down) return new TypeError('Failed to fetch');
        return { status: 201, body: created('salida') };
      },
    });
    renderPage(<WebMarkingRoute />, { path: '/dashboard/web-marking' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Salida/ }));
    expect(await screen.findByText('Sin conexión: tu marca quedó guardada en este dispositivo')).toBeInTheDocument();
    // The first try, then the queue's immediate try: both without network.
    await waitFor(() => expect(posts.length).toBeGreaterThanOrEqual(2));
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar ahora' }));
    await waitFor(() => expect(screen.queryByText(/pendiente de envío/)).not.toBeInTheDocument());
    const ids = new Set(posts.map((p) => (p.body as { idCliente: string }).idCliente));
    expect(ids.size).toBe(1);
    expect(posts.at(-1)!.body).toHaveProperty('horaOriginal');
  });
});

describe('offline queue', () => {
  it('keeps marks per worker, oldest first, and only sends the signed-in worker’s', async () => {
    const queue = createMarkQueue(localStorage, 'test.queue');
    queue.add({ idCliente: 'b', usuarioId: 'u1', tipo: 'salida', horaOriginal: '2026-11-21T22:00:00.000Z' });
    queue.add({ idCliente: 'a', usuarioId: 'u1', tipo: 'entrada', horaOriginal: '2026-11-21T12:00:00.000Z' });
    queue.add({ idCliente: 'c', usuarioId: 'u2', tipo: 'entrada', horaOriginal: '2026-11-21T11:00:00.000Z' });
    const sent: string[] = [];
    const result = await flushQueue(queue, 'u1', async (m) => {
      sent.push(m.idCliente);
      return { kind: 'sent', result: null };
    });
    expect(sent).toEqual(['a', 'b']);
    expect(result.waiting).toBe(false);
    expect(queue.list().map((m) => m.idCliente)).toEqual(['c']);
  });

  it('stops at the first mark without network, and keeps a refused one for the worker to see', async () => {
    const queue = createMarkQueue(localStorage, 'test.queue2');
    queue.add({ idCliente: 'a', usuarioId: 'u1', tipo: 'entrada', horaOriginal: '2026-11-18T12:00:00.000Z' });
    queue.add({ idCliente: 'b', usuarioId: 'u1', tipo: 'salida', horaOriginal: '2026-11-21T22:00:00.000Z' });
    const first = await flushQueue(queue, 'u1', async (m) => (m.idCliente === 'a' ? { kind: 'refused', message: 'Tiene más de 72 horas.' } : { kind: 'offline' }));
    expect(first.waiting).toBe(true);
    expect(queue.list()).toMatchObject([
      { idCliente: 'a', estado: 'rechazada', error: 'Tiene más de 72 horas.' },
      { idCliente: 'b', estado: 'pendiente', intentos: 1 },
    ]);
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([2000, 5000, 15000, 30000, 60000, 60000]);
  });
});
