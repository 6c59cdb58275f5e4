import type { FastifyRequest } from 'fastify';
import {
  ACCESS,
  actualizarUsuarioBodySchema,
  cargaMasivaResultadoSchema,
  cargaUsuariosResultadoSchema,
  crearUsuarioBodySchema,
  crearUsuarioResponseSchema,
  crearUsuarioV1BodySchema,
  desactivarUsuarioBodySchema,
  errorResponseSchema,
  estadoInvitacionesSchema,
  exportarUsuariosQuerySchema,
  idParamsSchema,
  INVITACIONES_POR_DIA,
  ONBOARDING_TOKEN_HEADER,
  plantillaQuerySchema,
  reactivarUsuarioBodySchema,
  transferirPrincipalBodySchema,
  usuarioCreadoSchema,
  usuarioSchema,
  usuariosPageSchema,
  usuariosQuerySchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import { localDate, type Clock } from '../../lib/clock';
import { AppError, MESSAGES } from '../../lib/errors';
import { sendJsonInSlices } from '../../lib/json-slices';
import { CSV_CONTENT_TYPE, readUploadedFile, sendFile, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import { requireSession } from '../../plugins/auth';
import type { Invitations } from './invitations.service';
import { BULK_LIMITS, perCompanyLimit } from '../../plugins/rate-limit';
import type { UsersBulk } from './users.bulk';
import type { UsersService } from './users.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerUserRoutes(app: ZodApp, service: UsersService, bulk: UsersBulk, invitations: Invitations, clock: Clock): void {
  app.post(
    '/api/usuarios/crear',
    {
      // Public at the gate: the service demands either the onboarding token or an administrator's session.
      config: { public: true },
      schema: {
        tags: ['onboarding', 'usuarios'],
        summary: 'Crea un usuario',
        description:
          'Con la cabecera X-Onboarding-Token (entregada por POST /api/empresa/crear) crea el administrador principal de esa empresa, una sola vez; `razon_social` debe coincidir con la de la empresa. Con la sesión (Bearer) de un administrador crea un trabajador en su empresa.',
        security: [{ bearer: [] }, {}],
        body: crearUsuarioBodySchema,
        response: {
          200: crearUsuarioResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const header = request.headers[ONBOARDING_TOKEN_HEADER];
      const onboardingToken = typeof header === 'string' && header.trim() ? header.trim() : null;
      const now = clock();
      let id: string;
      if (onboardingToken === null && !request.session && request.headers.authorization) {
        throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      }
      if (onboardingToken !== null || !request.session) {
        id = await service.createPrincipal(onboardingToken, request.body, now);
      } else {
        id = await service.createByAdmin(request.session, request.body, now);
      }
      return { ok: true as const, _id: id };
    },
  );

  app.get(
    '/api/v1/usuarios',
    {
      config: { perfiles: ACCESS.users },
      schema: {
        tags: ['usuarios'],
        summary: 'Lista usuarios',
        description:
          'Búsqueda `q` por nombre, apellidos, cargo o RUT (con o sin puntos y guion), filtros, orden y páginas. Un supervisor ve solo a los miembros de los grupos que lidera.',
        querystring: usuariosQuerySchema,
        response: { 200: usuariosPageSchema, ...errors },
      },
    },
    async (request) => service.list(requireSession(request), request.query, clock()),
  );

  app.get(
    '/api/v1/usuarios/exportar',
    {
      config: { perfiles: ACCESS.users },
      schema: {
        tags: ['usuarios'],
        summary: 'Exporta usuarios a Excel',
        description: 'Los mismos filtros de la lista, sin páginas, como planilla xlsx.',
        querystring: exportarUsuariosQuerySchema,
        produces: [XLSX_CONTENT_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const now = clock();
      const file = await service.exportXlsx(requireSession(request), request.query, now);
      sendFile(reply, XLSX_CONTENT_TYPE, `usuarios-${localDate(now)}.xlsx`, file);
      return reply;
    },
  );

  app.get(
    '/api/v1/usuarios/carga-masiva/plantilla',
    {
      config: { perfiles: ACCESS.usersManage },
      schema: {
        tags: ['usuarios', 'carga masiva'],
        summary: 'Descarga la plantilla de carga masiva de usuarios',
        querystring: plantillaQuerySchema,
        description: 'xlsx con una fila de ejemplo y la hoja «Instrucciones», o CSV (UTF-8 con BOM, separado por punto y coma).',
        produces: [XLSX_CONTENT_TYPE, CSV_CONTENT_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const format = request.query.formato;
      const file = await bulk.template(format, clock());
      sendFile(reply, format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE, `plantilla-usuarios.${format}`, file);
      return reply;
    },
  );

  // Counted per company once the session is known: a preview is the cheap way to test many RUTs, and
  // each file of 50,000 rows costs seconds of the event loop every company shares.
  const PREVIEWS_PER_COMPANY = perCompanyLimit('carga-usuarios', BULK_LIMITS.filePreview);
  const LOADS_PER_COMPANY = perCompanyLimit('carga-usuarios-aplicar', BULK_LIMITS.fileLoad);

  const uploadDescription =
    'multipart/form-data con el archivo en el campo `archivo` (xlsx o CSV, máximo 10 MB y 50.000 filas). Las filas se identifican por RUT: crean usuarios nuevos o actualizan los existentes.';

  app.post(
    '/api/v1/usuarios/carga-masiva/vista-previa',
    {
      // Counted per company once the session is known: a preview reads a whole spreadsheet and saves nothing, so nothing else bounds how often it is repeated.
      config: { perfiles: ACCESS.usersManage, rateLimit: PREVIEWS_PER_COMPANY },
      schema: {
        tags: ['usuarios', 'carga masiva'],
        summary: 'Vista previa de una carga masiva de usuarios',
        description: `${uploadDescription} No guarda nada.`,
        consumes: ['multipart/form-data'],
        response: { 200: cargaMasivaResultadoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const file = await readUploadedFile(request);
      return sendJsonInSlices(reply, cargaMasivaResultadoSchema, await bulk.preview(session, file, clock()));
    },
  );

  app.post(
    '/api/v1/usuarios/carga-masiva',
    {
      config: { perfiles: ACCESS.usersManage, rateLimit: LOADS_PER_COMPANY },
      schema: {
        tags: ['usuarios', 'carga masiva'],
        summary: 'Carga masiva de usuarios (todo o nada)',
        description: `${uploadDescription} Si alguna fila tiene errores responde 400 con el detalle y no guarda nada. Subir el mismo archivo otra vez no cambia nada (filas «sin_cambios»). Si crea usuarios, \`invitaciones\` dice cuántas invitaciones se enviaron y cuántas quedaron pendientes (máximo ${INVITACIONES_POR_DIA} por día por empresa; ninguna mientras el correo de la empresa no esté confirmado), con un mensaje para mostrar.`,
        consumes: ['multipart/form-data'],
        response: { 200: cargaUsuariosResultadoSchema, 400: cargaMasivaResultadoSchema.or(errorResponseSchema), 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const file = await readUploadedFile(request);
      const result = await bulk.commit(session, file, clock());
      return sendJsonInSlices(reply, result.aplicado ? cargaUsuariosResultadoSchema : cargaMasivaResultadoSchema, result, result.aplicado ? 200 : 400);
    },
  );

  app.get(
    '/api/v1/usuarios/:id',
    {
      config: { perfiles: ACCESS.userDetail },
      schema: {
        tags: ['usuarios'],
        summary: 'Detalle de un usuario',
        description: 'Un administrador ve a cualquiera de su empresa; un supervisor a sí mismo y a los miembros de sus grupos; un trabajador solo a sí mismo.',
        params: idParamsSchema,
        response: { 200: usuarioSchema, ...errors },
      },
    },
    async (request) => service.get(requireSession(request), request.params.id, clock()),
  );

  app.post(
    '/api/v1/usuarios',
    {
      config: { perfiles: ACCESS.usersManage },
      schema: {
        tags: ['usuarios'],
        summary: 'Registra un usuario',
        description: `Sin contraseña: el usuario recibe un correo con un enlace (72 horas) para elegirla. La invitación espera si la empresa ya envió ${INVITACIONES_POR_DIA} hoy o si su correo no está confirmado; \`invitaciones\` lo dice.`,
        body: crearUsuarioV1BodySchema,
        response: { 201: usuarioCreadoSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireSession(request), request.body, clock())),
  );

  app.get(
    '/api/v1/usuarios/invitaciones',
    {
      config: { perfiles: ACCESS.usersManage },
      schema: {
        tags: ['usuarios'],
        summary: 'Invitaciones pendientes de la empresa',
        description: `Cuántas invitaciones esperan, cuántas se enviaron hoy (máximo ${INVITACIONES_POR_DIA} por día de Chile) y si el correo de la empresa está confirmado (sin confirmar, ninguna sale).`,
        response: { 200: estadoInvitacionesSchema, ...errors },
      },
    },
    async (request) => invitations.status(requireSession(request), clock()),
  );

  app.patch(
    '/api/v1/usuarios/:id',
    {
      config: { perfiles: ACCESS.usersManage },
      schema: {
        tags: ['usuarios'],
        summary: 'Edita un usuario',
        description:
          'Los datos de identidad (nombre, RUT), el correo y el contrato del administrador principal (fechas, horas semanales, sueldo, número de contrato, métodos de marcaje) solo los cambia él mismo: otro administrador recibe 403. Quitar el acceso (fin de contrato hoy o antes, cambio de perfil) cierra de inmediato las sesiones del usuario.',
        params: idParamsSchema,
        body: actualizarUsuarioBodySchema,
        response: { 200: usuarioSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => service.update(requireSession(request), request.params.id, request.body, clock()),
  );

  app.post(
    '/api/v1/usuarios/:id/desactivar',
    {
      config: { perfiles: ACCESS.usersManage },
      schema: {
        tags: ['usuarios'],
        summary: 'Desactiva un usuario (finiquito)',
        description: 'Fija el último día del contrato (hoy o antes), cierra sus sesiones y lo quita como líder. Sus registros se conservan.',
        params: idParamsSchema,
        body: desactivarUsuarioBodySchema,
        response: { 200: usuarioSchema, ...errors },
      },
    },
    async (request) => service.deactivate(requireSession(request), request.params.id, request.body, clock()),
  );

  app.post(
    '/api/v1/usuarios/:id/reactivar',
    {
      config: { perfiles: ACCESS.usersManage },
      schema: {
        tags: ['usuarios'],
        summary: 'Reactiva un usuario',
        params: idParamsSchema,
        body: reactivarUsuarioBodySchema,
        response: { 200: usuarioSchema, ...errors },
      },
    },
    async (request) => service.reactivate(requireSession(request), request.params.id, request.body, clock()),
  );

  app.post(
    '/api/v1/usuarios/:id/transferir-principal',
    {
      // Counted per caller: each attempt tests a password.
      config: {
        perfiles: ACCESS.usersManage,
        rateLimit: { max: 10, timeWindow: '15 minutes', hook: 'preHandler', keyGenerator: (request: FastifyRequest) => `transferir-principal:${request.session?.userId ?? request.ip}` },
      },
      schema: {
        tags: ['usuarios'],
        summary: 'Transfiere el rol de administrador principal',
        description:
          'Solo el administrador principal, con su contraseña actual en `passwordActual`, entrega el rol a otro administrador activo de su empresa; desde ese momento él queda como administrador sin el rol. Queda registrado en el log.',
        params: idParamsSchema,
        body: transferirPrincipalBodySchema,
        response: { 200: usuarioSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => service.transferPrincipal(requireSession(request), request.params.id, request.body, clock()),
  );
}
