import {
  ACCESS,
  actualizarTipoPermisoBodySchema,
  asignarPermisoBodySchema,
  crearTipoPermisoBodySchema,
  decidirPermisoBodySchema,
  errorResponseSchema,
  idParamsSchema,
  misPermisosQuerySchema,
  misSaldosSchema,
  permisoSchema,
  permisosPageSchema,
  permisosQuerySchema,
  rechazarPermisoBodySchema,
  saldosPageSchema,
  saldosQuerySchema,
  solicitarPermisoBodySchema,
  tipoPermisoSchema,
  tiposPermisoSchema,
  ADJUNTO_PERMISO_MAX_BYTES,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { registerDecisionRoutes } from '../../lib/approvals';
import { registerAttachmentRoutes } from '../../lib/attachments';
import { requireSession } from '../../plugins/auth';
import type { PermissionsService } from './permissions.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errors, 409: errorResponseSchema };

export function registerPermissionRoutes(app: ZodApp, service: PermissionsService, clock: Clock): void {
  app.get(
    '/api/v1/tipos-permiso',
    {
      config: { perfiles: ACCESS.permissionTypes },
      schema: {
        tags: ['permisos'],
        summary: 'Tipos de permiso de la empresa',
        description: 'Con su código legal, si son con goce, su unidad, si el trabajador puede solicitarlos y los días por año.',
        response: { 200: tiposPermisoSchema, ...errors },
      },
    },
    async (request) => service.listTypes(requireSession(request)),
  );

  app.post(
    '/api/v1/tipos-permiso',
    {
      config: { perfiles: ACCESS.permissionTypesManage },
      schema: { tags: ['permisos'], summary: 'Crea un tipo de permiso', body: crearTipoPermisoBodySchema, response: { 201: tipoPermisoSchema, ...withConflict } },
    },
    async (request, reply) => reply.code(201).send(await service.createType(requireSession(request), request.body, clock())),
  );

  app.patch(
    '/api/v1/tipos-permiso/:id',
    {
      config: { perfiles: ACCESS.permissionTypesManage },
      schema: {
        tags: ['permisos'],
        summary: 'Edita o desactiva un tipo de permiso',
        description: 'La unidad no cambia una vez que el tipo tiene permisos registrados.',
        params: idParamsSchema,
        body: actualizarTipoPermisoBodySchema,
        response: { 200: tipoPermisoSchema, ...withConflict },
      },
    },
    async (request) => service.updateType(requireSession(request), request.params.id, request.body, clock()),
  );

  app.get(
    '/api/v1/permisos',
    {
      config: { perfiles: ACCESS.permissions },
      schema: {
        tags: ['permisos'],
        summary: 'Permisos de los trabajadores a cargo',
        description: 'Un supervisor ve los de los miembros de los grupos que lidera. `pendientes` cuenta los que esperan su decisión.',
        querystring: permisosQuerySchema,
        response: { 200: permisosPageSchema, ...errors },
      },
    },
    async (request) => service.list(requireSession(request), request.query),
  );

  app.post(
    '/api/v1/permisos',
    {
      config: { perfiles: ACCESS.permissions },
      schema: {
        tags: ['permisos'],
        summary: 'Asigna un permiso a un trabajador (queda aprobado)',
        description: 'Se rechaza si se superpone con otro permiso pendiente o aprobado, o si excede el saldo del año.',
        body: asignarPermisoBodySchema,
        response: { 201: permisoSchema, ...withConflict },
      },
    },
    async (request, reply) => reply.code(201).send(await service.assign(requireSession(request), request.body, clock())),
  );

  app.get(
    '/api/v1/permisos/mios',
    {
      config: { perfiles: ACCESS.myPermissions },
      schema: { tags: ['permisos'], summary: 'Mis permisos', querystring: misPermisosQuerySchema, response: { 200: permisosPageSchema, ...errors } },
    },
    async (request) => service.mine(requireSession(request), request.query),
  );

  app.post(
    '/api/v1/permisos/solicitudes',
    {
      config: { perfiles: ACCESS.myPermissions },
      schema: {
        tags: ['permisos'],
        summary: 'Solicita un permiso para uno mismo',
        description: 'Queda pendiente de aprobación del líder del grupo (o de la administración) si el tipo lo requiere.',
        body: solicitarPermisoBodySchema,
        response: { 201: permisoSchema, ...withConflict },
      },
    },
    async (request, reply) => reply.code(201).send(await service.request(requireSession(request), request.body, clock())),
  );

  app.get(
    '/api/v1/permisos/saldos',
    {
      config: { perfiles: ACCESS.permissions },
      schema: {
        tags: ['permisos'],
        summary: 'Saldos de los trabajadores a cargo',
        description: 'Por trabajador y tipo con días por año: asignados, usados, pendientes y disponibles. En Vacaciones (VAC.) los asignados son 20 días en Magallanes, Aysén y la provincia de Palena (art. 67 inc. 2) más los días progresivos (art. 68), calculados con los años reconocidos de empleadores anteriores y los años con la empresa al 31 de diciembre; `fundamento` lo explica. El descanso compensatorio (D.C.38, art. 38 inc. 3), solo para los exceptuados del descanso dominical, no es una cifra por año: `fuente: domingos_festivos_trabajados` y los asignados son un día por cada festivo trabajado y por cada domingo trabajado al cabo de una semana sin día de descanso (el descanso semanal compensa el domingo) (más lo que el anterior dejó sin otorgar). Un permiso cuenta en el año en que empieza.',
        querystring: saldosQuerySchema,
        response: { 200: saldosPageSchema, ...errors },
      },
    },
    async (request) => service.balances(requireSession(request), request.query, clock()),
  );

  app.get(
    '/api/v1/permisos/mios/saldos',
    {
      config: { perfiles: ACCESS.myPermissions },
      schema: { tags: ['permisos'], summary: 'Mis saldos', querystring: saldosQuerySchema.pick({ anio: true }), response: { 200: misSaldosSchema, ...errors } },
    },
    async (request) => service.myBalances(requireSession(request), { page: 1, pageSize: 1, ...request.query }, clock()),
  );

  app.get(
    '/api/v1/permisos/:id',
    {
      config: { perfiles: ACCESS.permissionDetail },
      schema: { tags: ['permisos'], summary: 'Detalle de un permiso', params: idParamsSchema, response: { 200: permisoSchema, ...errors } },
    },
    async (request) => service.get(requireSession(request), request.params.id),
  );

  registerDecisionRoutes(
    app,
    {
      path: '/api/v1/permisos/:id',
      tags: ['permisos'],
      perfiles: ACCESS.permissions,
      params: idParamsSchema,
      response: permisoSchema,
      approve: {
        summary: 'Aprueba un permiso pendiente',
        description: 'El líder del grupo del trabajador o un administrador; nunca el propio trabajador.',
        body: decidirPermisoBodySchema,
        decide: (session, params, body, now) => service.approve(session, params.id, body, now),
      },
      reject: {
        summary: 'Rechaza un permiso pendiente con un motivo',
        body: rechazarPermisoBodySchema,
        decide: (session, params, body, now) => service.reject(session, params.id, body, now),
      },
    },
    clock,
  );

  app.post(
    '/api/v1/permisos/:id/anular',
    {
      config: { perfiles: ACCESS.permissionDetail },
      schema: {
        tags: ['permisos'],
        summary: 'Anula un permiso',
        description: 'El trabajador retira su solicitud pendiente; el líder o un administrador anula un permiso pendiente o aprobado.',
        params: idParamsSchema,
        body: decidirPermisoBodySchema,
        response: { 200: permisoSchema, ...withConflict },
      },
    },
    async (request) => service.annul(requireSession(request), request.params.id, request.body, clock()),
  );

  registerAttachmentRoutes(
    app,
    {
      path: '/api/v1/permisos/:id/adjunto',
      tags: ['permisos'],
      maxBytes: ADJUNTO_PERMISO_MAX_BYTES,
      upload: { perfiles: ACCESS.permissionDetail, summary: 'Adjunta el documento de un permiso', response: permisoSchema, store: service.putAttachment },
      download: { perfiles: ACCESS.permissionDetail, summary: 'Descarga el documento de un permiso', read: service.getAttachment },
    },
    clock,
  );
}
