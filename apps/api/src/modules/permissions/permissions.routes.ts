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
import { readUploadedDocument } from '../../lib/uploaded-document';
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
        description: 'Por trabajador y tipo con días por año: asignados, usados, pendientes y disponibles. En Vacaciones (VAC.) los asignados son 20 días en Magallanes, Aysén y la provincia de Palena (art. 67 inc. 2) más los días progresivos (art. 68), calculados con los años reconocidos de empleadores anteriores y los años con la empresa al 31 de diciembre; `fundamento` lo explica. Un permiso cuenta en el año en que empieza.',
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

  app.post(
    '/api/v1/permisos/:id/aprobar',
    {
      config: { perfiles: ACCESS.permissions },
      schema: {
        tags: ['permisos'],
        summary: 'Aprueba un permiso pendiente',
        description: 'El líder del grupo del trabajador o un administrador; nunca el propio trabajador.',
        params: idParamsSchema,
        body: decidirPermisoBodySchema,
        response: { 200: permisoSchema, ...withConflict },
      },
    },
    async (request) => service.approve(requireSession(request), request.params.id, request.body, clock()),
  );

  app.post(
    '/api/v1/permisos/:id/rechazar',
    {
      config: { perfiles: ACCESS.permissions },
      schema: {
        tags: ['permisos'],
        summary: 'Rechaza un permiso pendiente con un motivo',
        params: idParamsSchema,
        body: rechazarPermisoBodySchema,
        response: { 200: permisoSchema, ...withConflict },
      },
    },
    async (request) => service.reject(requireSession(request), request.params.id, request.body, clock()),
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

  app.post(
    '/api/v1/permisos/:id/adjunto',
    {
      config: { perfiles: ACCESS.permissionDetail },
      schema: {
        tags: ['permisos'],
        summary: 'Adjunta el documento de un permiso',
        description: 'multipart/form-data con el archivo en el campo `archivo`: PDF, JPEG o PNG (reconocidos por su contenido), máximo 5 MB. Reemplaza el anterior.',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: permisoSchema, ...withConflict },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return service.putAttachment(session, request.params.id, await readUploadedDocument(request, ADJUNTO_PERMISO_MAX_BYTES), clock());
    },
  );

  app.get(
    '/api/v1/permisos/:id/adjunto',
    {
      config: { perfiles: ACCESS.permissionDetail },
      schema: { tags: ['permisos'], summary: 'Descarga el documento de un permiso', params: idParamsSchema },
    },
    async (request, reply) => {
      const file = await service.getAttachment(requireSession(request), request.params.id);
      const ascii = file.nombre.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', file.tipo)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.nombre)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
}
