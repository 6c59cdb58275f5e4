import {
  ACCESS,
  KIOSCO_TOKEN_HEADER,
  abrirQuioscoBodySchema,
  cambiarPinBodySchema,
  errorResponseSchema,
  estadoPinSchema,
  idParamsSchema,
  marcarQuioscoHuellaBodySchema,
  marcarQuioscoPinBodySchema,
  okResponseSchema,
  quioscoAbiertoSchema,
  quioscosListSchema,
  resultadoMarcaSchema,
  sesionQuioscoSchema,
  webauthnOptionsSchema,
} from '@jornada/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { FingerprintService } from '../fingerprint/index';
import type { KioskService } from './kiosk.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

function kioskToken(request: FastifyRequest): string | undefined {
  const value = request.headers[KIOSCO_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

export function registerKioskRoutes(app: ZodApp, service: KioskService, fingerprint: FingerprintService, clock: Clock): void {
  app.get(
    '/api/v1/pin',
    { config: { perfiles: ACCESS.pin }, schema: { tags: ['pin'], summary: 'Si el usuario tiene PIN de marcaje y desde cuándo', response: { 200: estadoPinSchema, ...errors } } },
    async (request) => service.pinState(requireSession(request)),
  );

  app.put(
    '/api/v1/pin',
    {
      config: { perfiles: ACCESS.pin },
      schema: {
        tags: ['pin'],
        summary: 'Define o cambia el PIN de marcaje propio',
        description: '4 a 6 dígitos, no triviales (0000, 1234, 1212…). Pide el PIN actual si ya existe. Envía un correo con la fecha y hora del cambio.',
        body: cambiarPinBodySchema,
        response: { 200: estadoPinSchema, ...errors },
      },
    },
    async (request) => service.changePin(requireSession(request), request.body, clock()),
  );

  app.get(
    '/api/v1/quioscos',
    { config: { perfiles: ACCESS.kiosks }, schema: { tags: ['quioscos'], summary: 'Quioscos de la empresa', response: { 200: quioscosListSchema, ...errors } } },
    async (request) => service.listKiosks(requireSession(request)),
  );

  app.post(
    '/api/v1/quioscos',
    {
      config: { perfiles: ACCESS.kiosks },
      schema: {
        tags: ['quioscos'],
        summary: 'Abre un quiosco para una sede',
        description: 'Devuelve una sola vez el token del dispositivo (se guarda solo su hash). El dispositivo lo envía en la cabecera `X-Kiosco-Token`.',
        body: abrirQuioscoBodySchema,
        response: { 201: quioscoAbiertoSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.openKiosk(requireSession(request), request.body, clock())),
  );

  app.post(
    '/api/v1/quioscos/:id/revocar',
    {
      config: { perfiles: ACCESS.kiosks },
      schema: { tags: ['quioscos'], summary: 'Cierra un quiosco (su token deja de servir)', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => service.revokeKiosk(requireSession(request), request.params.id, clock()),
  );

  // The kiosk device: no user session, only its own token (public for the session check, refused without the token).
  const device = { public: true, sessionless: true } as const;

  app.get(
    '/api/v1/quiosco/sesion',
    { config: device, schema: { tags: ['quiosco'], summary: 'Datos del quiosco (cabecera X-Kiosco-Token)', response: { 200: sesionQuioscoSchema, 401: errorResponseSchema } } },
    async (request) => service.kioskSession(await service.resolveKiosk(kioskToken(request), clock())),
  );

  app.post(
    '/api/v1/quiosco/marcar-pin',
    {
      config: device,
      schema: {
        tags: ['quiosco'],
        summary: 'Marca con RUT y PIN en el quiosco',
        description:
          'Un PIN incorrecto queda como intento «pin_incorrecto»; tras varios fallos seguidos el RUT se bloquea 15 minutos (429). ' +
          'Si el trabajador tiene hoy un permiso de día completo aprobado (vacaciones, licencia…), responde 409 `MARCA_EN_PERMISO` sin registrar nada; con `confirmarPermiso: true` la marca se registra.',
        body: marcarQuioscoPinBodySchema,
        response: { 200: resultadoMarcaSchema, ...errors, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const kiosk = await service.resolveKiosk(kioskToken(request), clock());
      return service.markWithPin(kiosk, request.body, clock());
    },
  );

  app.post(
    '/api/v1/quiosco/huella/opciones',
    { config: device, schema: { tags: ['quiosco'], summary: 'Opciones WebAuthn para marcar con huella en el quiosco', response: { 200: webauthnOptionsSchema, 401: errorResponseSchema } } },
    async (request) => {
      const kiosk = await service.resolveKiosk(kioskToken(request), clock());
      return fingerprint.markOptionsForKiosk(kiosk, clock());
    },
  );

  app.post(
    '/api/v1/quiosco/huella/marcar',
    {
      config: device,
      schema: {
        tags: ['quiosco'],
        summary: 'Marca con la huella en el quiosco (la credencial identifica al trabajador)',
        body: marcarQuioscoHuellaBodySchema,
        response: { 200: resultadoMarcaSchema, ...errors },
      },
    },
    async (request) => {
      const kiosk = await service.resolveKiosk(kioskToken(request), clock());
      return fingerprint.markWithAssertion({
        companyId: kiosk.companyId,
        userId: null,
        kiosk: { id: kiosk.id, siteId: kiosk.siteId, nombre: kiosk.nombre },
        tipo: request.body.tipo,
        respuesta: request.body.respuesta,
        idCliente: request.body.idCliente,
        now: clock(),
      });
    },
  );
}
