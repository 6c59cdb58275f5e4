import {
  ACCESS,
  errorResponseSchema,
  exportarReporteMarcasQuerySchema,
  opcionesReporteSchema,
  reporteMarcasQuerySchema,
  reporteMarcasSchema,
  trabajadoresReporteQuerySchema,
  trabajadoresReporteSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { attachment, CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import { requireSession } from '../../plugins/auth';
import type { MarksReportService } from './marks-report.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerReportRoutes(app: ZodApp, marksReport: MarksReportService, clock: Clock): void {
  app.get(
    '/api/v1/reportes/marcas',
    {
      config: { perfiles: ACCESS.marksReport },
      schema: {
        tags: ['reportes'],
        summary: 'Reporte de marcas: un bloque por trabajador, con la integridad de cada marca en su cadena de hashes',
        description:
          'Administrador y fiscalizador: toda la empresa; supervisor: los grupos que lidera y él mismo; trabajador: sus propias marcas. ' +
          '`desde` y `hasta` son fechas locales de la sede de cada marca (por omisión, el mes en curso; máximo 5 años). ' +
          'Cada fila trae `integridad`: `integra`, `alterada` (su hash ya no corresponde a su contenido) o `cadena_rota` ' +
          '(no enlaza con la marca anterior, o faltan marcas antes de ella). `resumen` cuenta todo el reporte; las páginas son de trabajadores.',
        querystring: reporteMarcasQuerySchema,
        response: { 200: reporteMarcasSchema, ...errors },
      },
    },
    async (request) => marksReport.report(requireSession(request), request.query, clock()),
  );

  app.get(
    '/api/v1/reportes/marcas/exportar',
    {
      config: { perfiles: ACCESS.marksReport },
      schema: {
        tags: ['reportes'],
        summary: 'Descarga el reporte de marcas en Excel, PDF (Arial/Helvetica, 8 pt como máximo) o CSV',
        description:
          'Los mismos filtros, columnas y bloques que en pantalla, sin páginas; las filas alteradas van en rojo y dicen ALTERADA. ' +
          'El archivo se envía por partes mientras se lee (sin `Content-Length`): los primeros bytes llegan antes de leer la última marca.',
        querystring: exportarReporteMarcasQuerySchema,
        produces: [XLSX_CONTENT_TYPE, 'application/pdf', CSV_CONTENT_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await marksReport.exportFile(requireSession(request), request.query, clock());
      reply.type(file.contentType);
      reply.header('content-disposition', attachment(file.filename));
      // Streamed: Fastify pipes it to the socket and destroys it if the download is cancelled.
      void (reply as { send(payload: unknown): unknown }).send(file.stream);
      return reply;
    },
  );

  app.get(
    '/api/v1/reportes/opciones',
    {
      config: { perfiles: ACCESS.marksReport },
      schema: {
        tags: ['reportes'],
        summary: 'Grupos y sedes para los filtros de los reportes, dentro del alcance de quien consulta',
        response: { 200: opcionesReporteSchema, ...errors },
      },
    },
    async (request) => marksReport.options(requireSession(request)),
  );

  app.get(
    '/api/v1/reportes/trabajadores',
    {
      config: { perfiles: ACCESS.marksReport },
      schema: {
        tags: ['reportes'],
        summary: 'Busca trabajadores para los filtros de los reportes (nombre, apellidos o RUT; 20 como máximo)',
        querystring: trabajadoresReporteQuerySchema,
        response: { 200: trabajadoresReporteSchema, ...errors },
      },
    },
    async (request) => marksReport.workers(requireSession(request), request.query),
  );
}
