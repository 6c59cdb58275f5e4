import {
  ACCESS,
  cargaPlanificacionResultadoSchema,
  cargaPlanificadorQuerySchema,
  cargaTurnosQuerySchema,
  cargaTurnosResultadoSchema,
  errorResponseSchema,
  plantillaQuerySchema,
  type Perfil,
} from '@jornada/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { sendJsonInSlices } from '../../lib/json-slices';
import { CSV_CONTENT_TYPE, readUploadedFile, sendFile, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import { requireSession } from '../../plugins/auth';
import { BULK_LIMITS, perCompanyLimit } from '../../plugins/rate-limit';
import type { PlanningUploadsService, UploadKind } from './planning-uploads.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const UPLOADS: Record<UploadKind, { perfiles: readonly Perfil[]; nombre: string; descripcion: string }> = {
  turnos: {
    perfiles: ACCESS.shiftsManage,
    nombre: 'turnos',
    descripcion:
      'Filas identificadas por código: crean turnos o actualizan los existentes (un cambio de horario crea una versión nueva). Una fila cuyo turno no cumple la ley (más de 10 horas ordinarias al día, colación, máximo semanal a sus días por semana) va en `advertencias`; sin resolución de jornada excepcional (`confirmacionRequerida`) la carga pide `?confirmarAdvertencias=true`.',
  },
  planificacion: {
    perfiles: ACCESS.planningManage,
    nombre: 'planificación',
    descripcion: 'Una fila por trabajador y día: RUT, Fecha y Turno (código o «libre»). Los días ya planificados que cambian quedan en el registro de modificaciones.',
  },
  planificador: {
    perfiles: ACCESS.planningManage,
    nombre: 'planificador (patrones)',
    descripcion: 'Una fila por trabajador y rango: RUT, Patrón (4x4, 5x2, secuencia…), Fecha inicio, Fecha fin y Turno. `?conflictos=reemplazar|conservar` decide qué pasa con los días ya planificados.',
  },
};

const COMMON =
  'multipart/form-data con el archivo en el campo `archivo` (xlsx o CSV, máximo 10 MB y 50.000 filas; columnas en cualquier orden por su encabezado).';

export async function registerPlanningUploadRoutes(app: ZodApp, service: PlanningUploadsService, clock: Clock): Promise<void> {
  for (const kind of Object.keys(UPLOADS) as UploadKind[]) {
    const { perfiles, nombre, descripcion } = UPLOADS[kind];
    const base = `/api/v1/cargas/${kind}`;
    const resultSchema = kind === 'turnos' ? cargaTurnosResultadoSchema : cargaPlanificacionResultadoSchema;

    app.get(
      `${base}/plantilla`,
      {
        config: { perfiles },
        schema: {
          tags: ['carga masiva'],
          summary: `Plantilla de carga masiva de ${nombre}`,
          description: 'xlsx con una fila de ejemplo y la hoja «Instrucciones», o CSV (UTF-8 con BOM, separado por punto y coma).',
          security: [{ bearer: [] }],
          querystring: plantillaQuerySchema,
          produces: [XLSX_CONTENT_TYPE, CSV_CONTENT_TYPE],
          response: errors,
        },
      },
      async (request, reply) => {
        const format = request.query.formato;
        const file = await service.template(requireSession(request), kind, format);
        sendFile(reply, format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE, `plantilla-${kind}.${format}`, file);
        return reply;
      },
    );

    const run = async (kindOf: UploadKind, request: FastifyRequest, commit: boolean) => {
      const session = requireSession(request);
      const file = await readUploadedFile(request);
      // The commit's querystring schema (cargaTurnosQuerySchema) already turned `confirmarAdvertencias` into a boolean.
      if (kindOf === 'turnos') return service.shifts(session, file, commit, clock(), commit && (request.query as { confirmarAdvertencias?: boolean } | undefined)?.confirmarAdvertencias === true);
      if (kindOf === 'planificacion') return service.planning(session, file, commit, clock());
      const query = cargaPlanificadorQuerySchema.parse(request.query ?? {});
      return service.planner(session, file, query.conflictos, commit, clock());
    };

    app.post(
      `${base}/vista-previa`,
      {
        config: { perfiles, rateLimit: perCompanyLimit(`carga-${kind}`, BULK_LIMITS.filePreview) },
        schema: {
          tags: ['carga masiva'],
          summary: `Vista previa de la carga masiva de ${nombre}`,
          description: `${COMMON} ${descripcion} No guarda nada.`,
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          ...(kind === 'planificador' ? { querystring: cargaPlanificadorQuerySchema } : {}),
          response: { 200: resultSchema, ...errors },
        },
      },
      async (request, reply) => sendJsonInSlices(reply, resultSchema, await run(kind, request, false)),
    );

    app.post(
      base,
      {
        config: { perfiles, rateLimit: perCompanyLimit(`carga-${kind}-aplicar`, BULK_LIMITS.fileLoad) },
        schema: {
          tags: ['carga masiva'],
          summary: `Carga masiva de ${nombre} (todo o nada)`,
          description: `${COMMON} ${descripcion} Si alguna fila tiene errores responde 400 con el detalle y no guarda nada. El mismo archivo otra vez no cambia nada.`,
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          ...(kind === 'planificador' ? { querystring: cargaPlanificadorQuerySchema } : kind === 'turnos' ? { querystring: cargaTurnosQuerySchema } : {}),
          response: { 200: resultSchema, 400: resultSchema.or(errorResponseSchema), 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await run(kind, request, true);
        return sendJsonInSlices(reply, resultSchema, result, result.aplicado ? 200 : 400);
      },
    );
  }
}
