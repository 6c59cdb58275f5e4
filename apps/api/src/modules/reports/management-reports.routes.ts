import {
  ACCESS,
  calculandoAsistenciaSchema,
  errorResponseSchema,
  exportarReporteGestionQuerySchema,
  opcionesReporteGestionSchema,
  REPORTES_GESTION,
  REPORTES_GESTION_INFO,
  REPORTES_GESTION_ACCESS,
  reporteGestionQuerySchema,
  reporteGestionResponseSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { attachment, CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import { requireSession } from '../../plugins/auth';
import type { ManagementReportsService } from './management-reports.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

const SCOPE_TEXT =
  'Administrador: toda la empresa; supervisor: los trabajadores de los grupos que lidera; trabajador: solo él mismo (dotación: solo administrador y supervisor). ' +
  '`desde`/`hasta`: fechas locales (por omisión, el mes en curso; máximo 5 años); los días en curso no se suman. ' +
  'Filtros: `usuarioId`, `grupoId`, `sedeId`, `cargo`, `turnoId` (solo los días planificados con ese turno); un id de otra empresa o fuera del alcance responde 404. ' +
  '`orden` es la `clave` de una columna `ordenable`; `totales` suma toda la selección, no solo la página.';

/** `GET /api/v1/reportes/<nombre>` and `/exportar` for each management report, and the filter options. */
export function registerManagementReportRoutes(app: ZodApp, service: ManagementReportsService, clock: Clock): void {
  for (const reporte of REPORTES_GESTION) {
    const perfiles = ACCESS[REPORTES_GESTION_ACCESS[reporte]];
    const { titulo } = REPORTES_GESTION_INFO[reporte];
    app.get(
      `/api/v1/reportes/${reporte}`,
      {
        config: { perfiles, deferEvaluation: true },
        schema: {
          tags: ['reportes'],
          summary: `${titulo}: una página de filas con sus totales, los totales del periodo y un gráfico`,
          description: SCOPE_TEXT,
          security: [{ bearer: [] }],
          querystring: reporteGestionQuerySchema,
          response: { 200: reporteGestionResponseSchema, 202: calculandoAsistenciaSchema, ...errors },
        },
      },
      (request) => service.report(requireSession(request), reporte, request.query, clock()),
    );
    app.get(
      `/api/v1/reportes/${reporte}/exportar`,
      {
        config: { perfiles },
        schema: {
          tags: ['reportes'],
          summary: `Descarga el ${titulo.toLowerCase()} en Excel, PDF o CSV`,
          description: `${SCOPE_TEXT} El archivo tiene las mismas columnas y textos que la pantalla, todas las filas (Excel y PDF con el detalle de cada una) y la fila de totales; se envía por partes mientras se lee.`,
          security: [{ bearer: [] }],
          querystring: exportarReporteGestionQuerySchema,
          produces: [XLSX_CONTENT_TYPE, 'application/pdf', CSV_CONTENT_TYPE],
          response: errors,
        },
      },
      async (request, reply) => {
        const file = await service.exportFile(requireSession(request), reporte, request.query, clock());
        reply.type(file.contentType);
        reply.header('content-disposition', attachment(file.filename));
        // Streamed: Fastify pipes it to the socket and destroys it if the download is cancelled.
        void (reply as { send(payload: unknown): unknown }).send(file.stream);
        return reply;
      },
    );
  }
  app.get(
    '/api/v1/reportes/opciones-gestion',
    {
      config: { perfiles: ACCESS[REPORTES_GESTION_ACCESS.asistencia] },
      schema: {
        tags: ['reportes'],
        summary: 'Grupos, sedes, cargos y turnos para filtrar los reportes de gestión, dentro del alcance de quien consulta',
        security: [{ bearer: [] }],
        response: { 200: opcionesReporteGestionSchema, ...errors },
      },
    },
    (request) => service.options(requireSession(request)),
  );
}
