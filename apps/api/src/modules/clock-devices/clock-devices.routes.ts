import {
  ACCESS,
  actualizarRelojBodySchema,
  claveRelojSchema,
  crearRelojBodySchema,
  errorResponseSchema,
  idParamsSchema,
  relojesPageSchema,
  relojesQuerySchema,
  relojSchema,
} from '@jornada/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import { DEVICE_REFUSALS, type ClockDevicesService } from './clock-devices.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Admin CRUD of clock devices: `/api/v1/relojes` (administrador). */
export function registerClockDeviceRoutes(app: ZodApp, service: ClockDevicesService, clock: Clock): void {
  app.get(
    '/api/v1/relojes',
    {
      config: { perfiles: ACCESS.clockDevices },
      schema: {
        tags: ['relojes'],
        summary: 'Lista los relojes control',
        description: 'Filtros `q` (nombre o número de serie), `sedeId`, `activo`. Incluye el último contacto de cada reloj.',
        querystring: relojesQuerySchema,
        response: { 200: relojesPageSchema, ...errors },
      },
    },
    async (request) => service.list(requireSession(request), request.query),
  );

  app.get(
    '/api/v1/relojes/:id',
    {
      config: { perfiles: ACCESS.clockDevices },
      schema: { tags: ['relojes'], summary: 'Detalle de un reloj control', params: idParamsSchema, response: { 200: relojSchema, ...errors } },
    },
    async (request) => service.get(requireSession(request), request.params.id),
  );

  app.post(
    '/api/v1/relojes',
    {
      config: { perfiles: ACCESS.clockDevices },
      schema: {
        tags: ['relojes'],
        summary: 'Registra un reloj control',
        description:
          'El número de serie (SN) identifica al reloj en el protocolo iclock; es único dentro de la empresa (409 solo si la empresa ya lo registró). Otra empresa puede registrar el mismo SN: la clave del reloj decide a cuál llegan sus marcas.',
        body: crearRelojBodySchema,
        response: { 201: relojSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireSession(request), request.body, clock())),
  );

  app.patch(
    '/api/v1/relojes/:id',
    {
      config: { perfiles: ACCESS.clockDevices },
      schema: {
        tags: ['relojes'],
        summary: 'Edita un reloj control',
        description: 'Nombre, sede, número de serie o `activo` (un reloj desactivado recibe 403 en /iclock).',
        params: idParamsSchema,
        body: actualizarRelojBodySchema,
        response: { 200: relojSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => service.update(requireSession(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/relojes/:id/clave',
    {
      config: { perfiles: ACCESS.clockDevices },
      schema: {
        tags: ['relojes'],
        summary: 'Genera una clave nueva para el reloj',
        description:
          'La clave va en la dirección del servidor configurada en el reloj (`https://servidor/r/<clave>`); la anterior deja de servir. Se muestra solo esta vez: se guarda su hash.',
        params: idParamsSchema,
        response: { 200: claveRelojSchema, ...errors },
      },
    },
    async (request) => service.newKey(requireSession(request), request.params.id),
  );
}

const snQuery = z.object({ SN: z.string().max(64).optional() }).passthrough();
const cdataPostQuery = z
  .object({ SN: z.string().max(64).optional(), table: z.string().max(40).optional(), Stamp: z.string().max(40).optional() })
  .passthrough();

const text = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(body);

/** Uploads are small text batches; a device with months of logs sends them in several requests. */
const UPLOAD_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * The device-facing ZKTeco ADMS ("iclock") push protocol. Devices hard-code these paths, outside
 * /api: no session (the auth hook only guards /api). The key in `/r/<clave>` names the registration;
 * without it, a serial only one company registered, from its allowed networks (service `identify`).
 * An unknown, ambiguous, unproven or deactivated device gets a plain-text 403 and a log line. Answers
 * are plain text.
 */
export async function registerIclockRoutes(app: ZodApp, service: ClockDevicesService, clock: Clock): Promise<void> {
  // The same protocol at the server root and under `/r/<clave>`, the path a device with a key is configured with.
  await app.register(async (scope) => iclockProtocol(scope as unknown as ZodApp, service, clock));
  await app.register(async (scope) => iclockProtocol(scope as unknown as ZodApp, service, clock), { prefix: '/r/:clave' });
}

async function iclockProtocol(scope: ZodApp, service: ClockDevicesService, clock: Clock): Promise<void> {
  // Devices send their logs as text with whatever Content-Type their firmware picks (often none,
  // or a form type): read every body as text, in this scope only.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: UPLOAD_LIMIT_BYTES }, (_request, body, done) => done(null, body));
  // Devices poll every few seconds (Delay=10); the limit only stops a flood from one address
  // (many clocks behind one NAT still fit).
  const config = { public: true, sessionless: true, rateLimit: { max: 1200, timeWindow: '1 minute' } } as const;
  const schemaOf = (summary: string, querystring: z.ZodType) => ({ tags: ['iclock (relojes)'], summary, querystring });

  const identify = async (serial: string | undefined, request: FastifyRequest, reply: FastifyReply) => {
    const key = (request.params as { clave?: string } | undefined)?.clave ?? null;
    const found = await service.identify(serial, clock(), request.ip, key);
    if (!found.ok) {
      text(reply, 403, DEVICE_REFUSALS[found.reason]);
      return null;
    }
    return found.device;
  };

  scope.get(
    '/iclock/cdata',
    { config, schema: schemaOf('Saludo del reloj: entrega sus opciones (ATTLOGStamp, Delay, TransFlag…)', snQuery) },
    async (request, reply) => {
      const { SN } = request.query as z.infer<typeof snQuery>;
      const device = await identify(SN, request, reply);
      if (!device) return reply;
      return text(reply, 200, service.handshake(device, clock()));
    },
  );

  scope.post(
    '/iclock/cdata',
    { config, schema: schemaOf('Carga de registros del reloj (table=ATTLOG: marcas); responde OK: <n>', cdataPostQuery) },
    async (request, reply) => {
      const { SN, table, Stamp } = request.query as z.infer<typeof cdataPostQuery>;
      const device = await identify(SN, request, reply);
      if (!device) return reply;
      const body = typeof request.body === 'string' ? request.body : '';
      const now = clock();
      if ((table ?? '').toUpperCase() === 'ATTLOG') {
        const outcome = await service.receiveAttlog(device, body, Stamp ?? null, now, request.ip);
        request.log.info({ serial: SN, ...outcome }, 'iclock: ATTLOG recibido');
        return text(reply, 200, `OK: ${outcome.accepted}`);
      }
      const lines = await service.receiveOther(device, (table ?? '').toUpperCase(), body, Stamp ?? null, now);
      return text(reply, 200, `OK: ${lines}`);
    },
  );

  scope.get('/iclock/getrequest', { config, schema: schemaOf('Consulta de comandos pendientes (no hay: OK)', snQuery) }, async (request, reply) => {
    const { SN } = request.query as z.infer<typeof snQuery>;
    if (!(await identify(SN, request, reply))) return reply;
    return text(reply, 200, 'OK');
  });

  scope.post('/iclock/devicecmd', { config, schema: schemaOf('Resultado de un comando del reloj (OK)', snQuery) }, async (request, reply) => {
    const { SN } = request.query as z.infer<typeof snQuery>;
    if (!(await identify(SN, request, reply))) return reply;
    return text(reply, 200, 'OK');
  });
}
