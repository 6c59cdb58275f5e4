import {
  ACCESS,
  consentimientoSchema,
  credencialSchema,
  credencialesPageSchema,
  credencialesQuerySchema,
  errorResponseSchema,
  estadoConsentimientoSchema,
  idParamsSchema,
  marcarHuellaBodySchema,
  misCredencialesSchema,
  okResponseSchema,
  opcionesRegistroBodySchema,
  otorgarConsentimientoBodySchema,
  pendientesPageSchema,
  pendientesQuerySchema,
  registrarHuellaBodySchema,
  resultadoMarcaSchema,
  retirarConsentimientoBodySchema,
  usuarioIdQuerySchema,
  webauthnOptionsSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import { localDate, type Clock } from '../../lib/clock';
import { requestContext } from '../../lib/request-context';
import { requireSession } from '../../plugins/auth';
import type { FingerprintService } from './fingerprint.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['huella'];

export function registerFingerprintRoutes(app: ZodApp, service: FingerprintService, clock: Clock): void {
  app.get(
    '/api/v1/huella/consentimiento',
    {
      config: { perfiles: ACCESS.fingerprintEnrol },
      schema: {
        tags,
        summary: 'Texto y estado del consentimiento biométrico',
        description: 'Del propio usuario, o (administrador) del trabajador `usuarioId`.',
        querystring: usuarioIdQuerySchema,
        response: { 200: estadoConsentimientoSchema, ...errors },
      },
    },
    async (request) => service.consentState(requireSession(request), request.query.usuarioId),
  );

  app.post(
    '/api/v1/huella/consentimiento',
    {
      config: { perfiles: ACCESS.fingerprintEnrol },
      schema: {
        tags,
        summary: 'Registra el consentimiento expreso para usar la huella',
        description:
          'Guarda versión y texto, fecha, quién lo registró e IP. Un administrador puede registrarlo por un trabajador en un equipo compartido: el trabajador confirma con su PIN (`pinTrabajador`).',
        body: otorgarConsentimientoBodySchema,
        response: { 201: consentimientoSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.grantConsent(requireSession(request), request.body, requestContext(request, clock))),
  );

  app.post(
    '/api/v1/huella/consentimiento/retirar',
    {
      config: { perfiles: ACCESS.fingerprintEnrol },
      schema: {
        tags,
        summary: 'Retira el consentimiento y revoca todas las huellas del trabajador',
        body: retirarConsentimientoBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => service.withdrawConsent(requireSession(request), request.body.usuarioId, clock()),
  );

  app.post(
    '/api/v1/huella/registro/opciones',
    {
      config: { perfiles: ACCESS.fingerprintEnrol },
      schema: {
        tags,
        summary: 'Opciones WebAuthn para registrar una huella',
        description: 'Autenticador de plataforma, verificación de usuario y credencial residente obligatorias. El desafío vence en 5 minutos y sirve una vez.',
        body: opcionesRegistroBodySchema,
        response: { 200: webauthnOptionsSchema, ...errors },
      },
    },
    async (request) => service.registrationOptions(requireSession(request), request.body.usuarioId, clock()),
  );

  app.post(
    '/api/v1/huella/registro',
    {
      config: { perfiles: ACCESS.fingerprintEnrol },
      schema: {
        tags,
        summary: 'Verifica y guarda la huella registrada',
        body: registrarHuellaBodySchema,
        response: { 201: credencialSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.register(requireSession(request), request.body, clock())),
  );

  app.get(
    '/api/v1/huella/credenciales',
    {
      config: { perfiles: ACCESS.fingerprintRegister },
      schema: {
        tags,
        summary: 'Registro de huellas de la empresa',
        querystring: credencialesQuerySchema,
        response: { 200: credencialesPageSchema, ...errors },
      },
    },
    async (request) => service.listCredentials(requireSession(request), request.query),
  );

  app.get(
    '/api/v1/huella/mis-credenciales',
    {
      config: { perfiles: ACCESS.fingerprintEnrol },
      schema: { tags, summary: 'Huellas vigentes del propio usuario', response: { 200: misCredencialesSchema, ...errors } },
    },
    async (request) => service.myCredentials(requireSession(request)),
  );

  app.get(
    '/api/v1/huella/pendientes',
    {
      config: { perfiles: ACCESS.fingerprintRegister },
      schema: {
        tags,
        summary: 'Trabajadores con la huella permitida que no la han registrado',
        querystring: pendientesQuerySchema,
        response: { 200: pendientesPageSchema, ...errors },
      },
    },
    async (request) => service.pending(requireSession(request), request.query, localDate(clock())),
  );

  app.post(
    '/api/v1/huella/credenciales/:id/revocar',
    {
      config: { perfiles: ACCESS.fingerprintEnrol },
      schema: {
        tags,
        summary: 'Revoca una huella (administrador: cualquiera de la empresa; otros: las propias)',
        params: idParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => service.revoke(requireSession(request), request.params.id, clock()),
  );

  app.post(
    '/api/v1/huella/marcar/opciones',
    {
      config: { perfiles: ACCESS.webMarking },
      schema: { tags, summary: 'Opciones WebAuthn para marcar con la huella propia', response: { 200: webauthnOptionsSchema, ...errors } },
    },
    async (request) => service.markOptionsForSession(requireSession(request), clock()),
  );

  app.post(
    '/api/v1/huella/marcar',
    {
      config: { perfiles: ACCESS.webMarking },
      schema: {
        tags,
        summary: 'Marca con la huella (aserción WebAuthn verificada)',
        description:
          'Verifica firma, contador y verificación de usuario; después registra la marca con método `huella`. Una huella ajena, desconocida o no verificada queda como intento.',
        body: marcarHuellaBodySchema,
        response: { 200: resultadoMarcaSchema, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return service.markWithAssertion({
        companyId: session.companyId,
        userId: session.userId,
        kiosk: null,
        tipo: request.body.tipo,
        respuesta: request.body.respuesta,
        idCliente: request.body.idCliente,
        posicion: request.body.posicion,
        dispositivo: request.body.dispositivo,
        now: clock(),
      });
    },
  );
}
