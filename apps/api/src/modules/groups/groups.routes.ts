import {
  ACCESS,
  actualizarGrupoBodySchema,
  actualizarLideresBodySchema,
  actualizarMiembrosBodySchema,
  asignacionMasivaBodySchema,
  asignacionMasivaResultadoSchema,
  cambiarEstadoGrupoBodySchema,
  crearGrupoBodySchema,
  errorResponseSchema,
  grupoSchema,
  gruposPageSchema,
  gruposQuerySchema,
  historialEstadosGrupoSchema,
  idParamsSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { sendJsonInSlices } from '../../lib/json-slices';
import { requireSession } from '../../plugins/auth';
import { BULK_LIMITS, perCompanyLimit } from '../../plugins/rate-limit';
import type { GroupsService } from './groups.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerGroupRoutes(app: ZodApp, service: GroupsService, clock: Clock): void {
  app.get(
    '/api/v1/grupos',
    {
      config: { perfiles: ACCESS.groups },
      schema: {
        tags: ['grupos'],
        summary: 'Lista los grupos con sus líderes y miembros',
        description: 'Un supervisor ve solo los grupos que lidera.',
        querystring: gruposQuerySchema,
        response: { 200: gruposPageSchema, ...errors },
      },
    },
    async (request) => service.list(requireSession(request), request.query, clock()),
  );

  app.post(
    '/api/v1/grupos/asignacion-masiva/vista-previa',
    {
      config: { perfiles: ACCESS.groupsManage, rateLimit: perCompanyLimit('asignacion-masiva', BULK_LIMITS.screenPreview) },
      schema: {
        tags: ['grupos'],
        summary: 'Vista previa de una asignación masiva de líderes',
        description: 'Qué grupos ganan o pierden qué líderes. No guarda nada.',
        body: asignacionMasivaBodySchema,
        response: { 200: asignacionMasivaResultadoSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonInSlices(reply, asignacionMasivaResultadoSchema, await service.previewMassAssignment(requireSession(request), request.body, clock())),
  );

  app.post(
    '/api/v1/grupos/asignacion-masiva',
    {
      config: { perfiles: ACCESS.groupsManage, rateLimit: perCompanyLimit('asignacion-masiva-aplicar', BULK_LIMITS.screenApply) },
      schema: {
        tags: ['grupos'],
        summary: 'Asigna líderes a muchos grupos a la vez',
        description: '`agregar` suma los líderes, `reemplazar` los deja como únicos líderes, `quitar` los saca. Todo en una transacción.',
        body: asignacionMasivaBodySchema,
        response: { 200: asignacionMasivaResultadoSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonInSlices(reply, asignacionMasivaResultadoSchema, await service.applyMassAssignment(requireSession(request), request.body, clock())),
  );

  app.get(
    '/api/v1/grupos/:id',
    {
      config: { perfiles: ACCESS.groups },
      schema: { tags: ['grupos'], summary: 'Detalle de un grupo', params: idParamsSchema, response: { 200: grupoSchema, ...errors } },
    },
    async (request) => service.get(requireSession(request), request.params.id, clock()),
  );

  app.post(
    '/api/v1/grupos',
    {
      config: { perfiles: ACCESS.groupsManage },
      schema: {
        tags: ['grupos'],
        summary: 'Crea un grupo (activo)',
        body: crearGrupoBodySchema,
        response: { 201: grupoSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireSession(request), request.body, clock())),
  );

  app.patch(
    '/api/v1/grupos/:id',
    {
      config: { perfiles: ACCESS.groupsManage },
      schema: {
        tags: ['grupos'],
        summary: 'Edita nombre, descripción, sede o jornada excepcional de un grupo',
        params: idParamsSchema,
        body: actualizarGrupoBodySchema,
        response: { 200: grupoSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => service.update(requireSession(request), request.params.id, request.body, clock()),
  );

  app.patch(
    '/api/v1/grupos/:id/estado',
    {
      config: { perfiles: ACCESS.groupsManage },
      schema: {
        tags: ['grupos'],
        summary: 'Activa o desactiva un grupo',
        description: 'El motivo queda en el historial de estados con quién y cuándo.',
        params: idParamsSchema,
        body: cambiarEstadoGrupoBodySchema,
        response: { 200: grupoSchema, ...errors },
      },
    },
    async (request) => service.changeState(requireSession(request), request.params.id, request.body, clock()),
  );

  app.get(
    '/api/v1/grupos/:id/historial-estados',
    {
      config: { perfiles: ACCESS.groups },
      schema: {
        tags: ['grupos'],
        summary: 'Historial de estados de un grupo',
        params: idParamsSchema,
        response: { 200: historialEstadosGrupoSchema, ...errors },
      },
    },
    async (request) => service.history(requireSession(request), request.params.id),
  );

  app.put(
    '/api/v1/grupos/:id/miembros',
    {
      config: { perfiles: ACCESS.groupsManage },
      schema: {
        tags: ['grupos'],
        summary: 'Agrega y quita miembros',
        description: 'Un usuario pertenece a un solo grupo: agregarlo aquí lo saca del grupo anterior.',
        params: idParamsSchema,
        body: actualizarMiembrosBodySchema,
        response: { 200: grupoSchema, ...errors },
      },
    },
    async (request) => service.updateMembers(requireSession(request), request.params.id, request.body, clock()),
  );

  app.put(
    '/api/v1/grupos/:id/lideres',
    {
      config: { perfiles: ACCESS.groupsManage },
      schema: {
        tags: ['grupos'],
        summary: 'Define los líderes de un grupo',
        description: 'La lista completa de líderes (supervisores o administradores activos).',
        params: idParamsSchema,
        body: actualizarLideresBodySchema,
        response: { 200: grupoSchema, ...errors },
      },
    },
    async (request) => service.setLeaders(requireSession(request), request.params.id, request.body, clock()),
  );
}
