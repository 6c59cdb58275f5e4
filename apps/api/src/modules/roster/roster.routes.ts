import {
  ACCESS,
  aplicarPropuestaResponseSchema,
  cargaDemandaResultadoSchema,
  crearPropuestaBodySchema,
  demandaBodySchema,
  demandaSchema,
  errorResponseSchema,
  idParamsSchema,
  plantillaQuerySchema,
  propuestaSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { sendJsonInSlices } from '../../lib/json-slices';
import { CSV_CONTENT_TYPE, readUploadedFile, sendFile, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import { requireSession } from '../../plugins/auth';
import { BULK_LIMITS, perCompanyLimit } from '../../plugins/rate-limit';
import type { RosterService } from './roster.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

const UPLOAD =
  'multipart/form-data con el archivo en el campo `archivo` (xlsx o CSV, máximo 10 MB; columnas en cualquier orden por su encabezado): una fila por banda, con Día (lunes a domingo) o Fecha (dd-mm-aaaa), Hora desde, Hora hasta, Personas y, opcional, Turnos (códigos separados por coma). Una fecha con las horas vacías y Personas 0 no tiene demanda ese día. Cada banda se revisa con las reglas del PUT; los errores van por fila y columna.';

export function registerRosterRoutes(app: ZodApp, service: RosterService, clock: Clock): void {
  app.get(
    '/api/v1/sedes/:id/demanda',
    {
      config: { perfiles: ACCESS.roster },
      schema: { tags: ['planificación automática'], summary: 'Demanda de personal de una sede', params: idParamsSchema, response: { 200: demandaSchema, ...errors } },
    },
    async (request) => service.getDemand(requireSession(request), request.params.id),
  );

  app.put(
    '/api/v1/sedes/:id/demanda',
    {
      config: { perfiles: ACCESS.rosterDemandManage },
      schema: {
        tags: ['planificación automática'],
        summary: 'Define la demanda de personal de una sede',
        description:
          'Bandas de la semana (día 1 = lunes a 7 = domingo, inicio y fin HH:MM, personas; un fin igual o anterior al inicio termina al día siguiente; turnoIds limita qué turnos cubren la banda) y excepciones por fecha, que reemplazan las bandas de ese día.',
        params: idParamsSchema,
        body: demandaBodySchema,
        response: { 200: demandaSchema, ...errors },
      },
    },
    async (request) => service.putDemand(requireSession(request), request.params.id, request.body, clock()),
  );

  app.get(
    '/api/v1/sedes/:id/demanda/plantilla',
    {
      config: { perfiles: ACCESS.rosterDemandManage },
      schema: {
        tags: ['planificación automática', 'carga masiva'],
        summary: 'Plantilla de la demanda de una sede',
        description: 'xlsx con la hoja «Instrucciones», o CSV (UTF-8 con BOM, separado por punto y coma). Trae la demanda actual de la sede, una fila por banda; sin demanda, filas de ejemplo que la carga omite.',
        params: idParamsSchema,
        querystring: plantillaQuerySchema,
        produces: [XLSX_CONTENT_TYPE, CSV_CONTENT_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const format = request.query.formato;
      const file = await service.demandTemplate(requireSession(request), request.params.id, format, clock());
      sendFile(reply, format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE, `plantilla-demanda.${format}`, file);
      return reply;
    },
  );

  app.post(
    '/api/v1/sedes/:id/demanda/carga/vista-previa',
    {
      config: { perfiles: ACCESS.rosterDemandManage, rateLimit: perCompanyLimit('carga-demanda', BULK_LIMITS.filePreview) },
      schema: {
        tags: ['planificación automática', 'carga masiva'],
        summary: 'Vista previa de la carga de la demanda de una sede',
        description: `${UPLOAD} No guarda nada.`,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: cargaDemandaResultadoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const file = await readUploadedFile(request);
      return sendJsonInSlices(reply, cargaDemandaResultadoSchema, await service.uploadDemand(session, request.params.id, file, false, clock()));
    },
  );

  app.post(
    '/api/v1/sedes/:id/demanda/carga',
    {
      config: { perfiles: ACCESS.rosterDemandManage, rateLimit: perCompanyLimit('carga-demanda-aplicar', BULK_LIMITS.fileLoad) },
      schema: {
        tags: ['planificación automática', 'carga masiva'],
        summary: 'Carga la demanda de una sede desde un archivo (todo o nada)',
        description: `${UPLOAD} Reemplaza toda la demanda de la sede (semana y fechas especiales; \`quitar\` cuenta las bandas que no están en el archivo) y responde con la demanda guardada en \`demanda\`. Si alguna fila tiene errores responde 400 con el detalle y no guarda nada. El mismo archivo otra vez no cambia nada.`,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: cargaDemandaResultadoSchema, 400: cargaDemandaResultadoSchema.or(errorResponseSchema), 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const file = await readUploadedFile(request);
      const result = await service.uploadDemand(session, request.params.id, file, true, clock());
      return sendJsonInSlices(reply, cargaDemandaResultadoSchema, result, result.aplicado ? 200 : 400);
    },
  );

  app.post(
    '/api/v1/propuestas-de-planificacion',
    {
      config: { perfiles: ACCESS.roster },
      schema: {
        tags: ['planificación automática'],
        summary: 'Pide una propuesta de planificación',
        description: 'Para una sede (y un grupo) y un período de 1 a 42 días desde hoy; se calcula en segundo plano: consulta su estado con GET.',
        body: crearPropuestaBodySchema,
        response: { 202: propuestaSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await service.createProposal(requireSession(request), request.body, clock())),
  );

  app.get(
    '/api/v1/propuestas-de-planificacion/:id',
    {
      config: { perfiles: ACCESS.roster },
      schema: { tags: ['planificación automática'], summary: 'Estado y resultado de una propuesta', params: idParamsSchema, response: { 200: propuestaSchema, ...errors } },
    },
    async (request) => service.getProposal(requireSession(request), request.params.id, clock()),
  );

  app.post(
    '/api/v1/propuestas-de-planificacion/:id/aplicar',
    {
      config: { perfiles: ACCESS.roster },
      schema: {
        tags: ['planificación automática'],
        summary: 'Aplica una propuesta a la planificación',
        description: 'Todo o nada; 409 si la planificación de esas personas cambió desde el cálculo, si ya se aplicó o si toca un mes de remuneraciones cerrado.',
        params: idParamsSchema,
        response: { 200: aplicarPropuestaResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => service.applyProposal(requireSession(request), request.params.id, clock()),
  );
}
