import {
  ACCESS,
  calculandoAsistenciaSchema,
  detalleRemuneracionSchema,
  errorResponseSchema,
  estadoPeriodoSchema,
  exportarRemuneracionesQuerySchema,
  pendientesPeriodoSchema,
  periodoParamsSchema,
  periodoTrabajadorParamsSchema,
  reabrirPeriodoBodySchema,
  remuneracionesQuerySchema,
  remuneracionesResponseSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { runExport } from '../../lib/render/index';
import { CSV_CONTENT_TYPE, sendFile, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import { requireSession } from '../../plugins/auth';
import { payrollCsv, payrollXlsx, type RemunerationsService } from './remunerations.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errors, 409: errorResponseSchema };

export function registerRemunerationRoutes(app: ZodApp, service: RemunerationsService, clock: Clock): void {
  app.get(
    '/api/v1/remuneraciones/:periodo',
    {
      config: { perfiles: ACCESS.remunerations, deferEvaluation: true },
      schema: {
        tags: ['remuneraciones'],
        summary: 'Variables de remuneraciones de un mes (AAAAMM) por trabajador',
        description:
          'Días trabajados, ausencias injustificadas y su valor (sueldo/30 por día), faltante tras la compensación semanal y su valor, horas extra con recargo del 50 % y su valor (toda la extra neta que encuentra el motor, también la jornada sobre la pactada: art. 30 y 32; la revisión del supervisor se informa, no la limita), domingos y festivos trabajados, y días de permiso por tipo con o sin goce; totales del filtro y estado de cierre del mes.',
        security: [{ bearer: [] }],
        params: periodoParamsSchema,
        querystring: remuneracionesQuerySchema,
        response: { 200: remuneracionesResponseSchema, 202: calculandoAsistenciaSchema, ...errors },
      },
    },
    (request) => service.month(requireSession(request), request.params.periodo, request.query, clock()),
  );
  app.get(
    '/api/v1/remuneraciones/:periodo/trabajadores/:id',
    {
      config: { perfiles: ACCESS.remunerations },
      schema: {
        tags: ['remuneraciones'],
        summary: 'Detalle de las variables de un trabajador: los días y semanas detrás de cada cifra',
        security: [{ bearer: [] }],
        params: periodoTrabajadorParamsSchema,
        response: { 200: detalleRemuneracionSchema, ...errors },
      },
    },
    (request) => service.worker(requireSession(request), request.params.periodo, request.params.id, clock()),
  );
  app.get(
    '/api/v1/remuneraciones/:periodo/estado',
    {
      config: { perfiles: ACCESS.remunerations },
      schema: {
        tags: ['remuneraciones'],
        summary: 'Estado de cierre del mes y su historial',
        security: [{ bearer: [] }],
        params: periodoParamsSchema,
        response: { 200: estadoPeriodoSchema, ...errors },
      },
    },
    (request) => service.state(requireSession(request), request.params.periodo, clock()),
  );
  app.get(
    '/api/v1/remuneraciones/:periodo/pendientes',
    {
      config: { perfiles: ACCESS.remunerations },
      schema: {
        tags: ['remuneraciones'],
        summary: 'Lo pendiente del mes antes de cerrarlo',
        description:
          'Días con marcas incompletas (por fecha), inconsistencias abiertas, correcciones que esperan al trabajador, días con horas extra sin revisar y solicitudes de permiso pendientes que tocan el mes, contados como los muestra cada lista con sus filtros. El cierre no los exige resueltos: la web los muestra y pide confirmar.',
        security: [{ bearer: [] }],
        params: periodoParamsSchema,
        response: { 200: pendientesPeriodoSchema, ...errors },
      },
    },
    (request) => service.pending(requireSession(request), request.params.periodo, clock()),
  );
  app.post(
    '/api/v1/remuneraciones/:periodo/cierre',
    {
      config: { perfiles: ACCESS.remunerations },
      schema: {
        tags: ['remuneraciones'],
        summary: 'Cierra el mes: desde ahora se rechazan permisos y correcciones que lo toquen',
        security: [{ bearer: [] }],
        params: periodoParamsSchema,
        response: { 200: estadoPeriodoSchema, ...withConflict },
      },
    },
    (request) => service.close(requireSession(request), request.params.periodo, clock()),
  );
  app.post(
    '/api/v1/remuneraciones/:periodo/reapertura',
    {
      config: { perfiles: ACCESS.remunerations },
      schema: {
        tags: ['remuneraciones'],
        summary: 'Reabre un mes cerrado, con el motivo (queda en el historial)',
        security: [{ bearer: [] }],
        params: periodoParamsSchema,
        body: reabrirPeriodoBodySchema,
        response: { 200: estadoPeriodoSchema, ...withConflict },
      },
    },
    (request) => service.reopen(requireSession(request), request.params.periodo, request.body, clock()),
  );
  app.get(
    '/api/v1/remuneraciones/:periodo/exportar',
    {
      config: { perfiles: ACCESS.remunerations },
      schema: {
        tags: ['remuneraciones'],
        summary: 'Exporta las variables del mes para el sistema de remuneraciones',
        description:
          'CSV (UTF-8 con BOM, para que Excel lo abra con sus tildes; separado por punto y coma, decimales con coma), Excel o JSON; las primeras columnas son id_empleado (RUT sin puntos), numero_contrato y proceso (AAAAMM).',
        security: [{ bearer: [] }],
        params: periodoParamsSchema,
        querystring: exportarRemuneracionesQuerySchema,
        produces: [CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, 'application/json'],
        response: errors,
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { periodo } = request.params;
      const { formato } = request.query;
      const name = `remuneraciones-${periodo}`;
      // In the company's export turn (lib/render); the workbook is drawn in a render thread.
      const file = await runExport(session.companyId, async () => {
        const { records } = await service.exportRecords(session, periodo, request.query, clock());
        if (formato === 'xlsx') return { type: XLSX_CONTENT_TYPE, bytes: await payrollXlsx(records, periodo) };
        if (formato === 'json') return { type: 'application/json; charset=utf-8', bytes: Buffer.from(JSON.stringify({ proceso: periodo, trabajadores: records }, null, 2)) };
        return { type: CSV_CONTENT_TYPE, bytes: Buffer.from(payrollCsv(records), 'utf8') };
      });
      sendFile(reply, file.type, `${name}.${formato}`, file.bytes);
      return reply;
    },
  );
}
