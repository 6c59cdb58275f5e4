import {
  ACCESS,
  calculandoAsistenciaSchema,
  errorResponseSchema,
  exportarReporteLegalQuerySchema,
  idParamsSchema,
  incidenteBodySchema,
  incidenteSchema,
  incidentesPageSchema,
  incidentesQuerySchema,
  opcionesReporteLegalSchema,
  reporteLegalParamsSchema,
  reporteLegalQuerySchema,
  reporteLegalSchema,
} from '@jornada/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { attachment } from '../../lib/spreadsheet/index';
import { requireSession } from '../../plugins/auth';
import type { LegalReportsService } from './legal-reports.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const TAGS = ['reportes legales'];
const READERS = { perfiles: ACCESS.legalReports };
const ADMIN = { perfiles: ACCESS.technicalIncidents };

export function registerLegalReportRoutes(app: ZodApp, service: LegalReportsService, clock: Clock): void {
  app.get(
    '/api/v1/reportes-legales/opciones',
    {
      config: READERS,
      schema: { tags: TAGS, summary: 'Grupos, sedes, cargos y turnos (por su horario) para los filtros de los reportes legales', response: { 200: opcionesReporteLegalSchema, ...errors } },
    },
    async (request) => service.options(requireSession(request)),
  );

  app.get(
    '/api/v1/reportes-legales/:reporte',
    {
      config: { ...READERS, deferEvaluation: true },
      schema: {
        tags: TAGS,
        summary: 'Un reporte legal de la Dirección del Trabajo (a, b, c, d o f): un bloque por trabajador',
        description:
          'Administrador y fiscalizador (solo lectura; cada consulta del fiscalizador queda en el registro de accesos). `reporte`: asistencia, jornada, domingos, modificaciones o incidentes. ' +
          '`periodo` semana, quincena o mes de la fecha `desde` (por omisión hoy), o `rango` de `desde` a `hasta` (hasta 5 años). Las celdas son texto, las mismas del Excel, PDF y Word.',
        params: reporteLegalParamsSchema,
        querystring: reporteLegalQuerySchema,
        response: { 200: reporteLegalSchema, 202: calculandoAsistenciaSchema, ...errors },
      },
    },
    async (request) => service.report(requireSession(request), request.params.reporte, request.query, clock()),
  );

  app.get(
    '/api/v1/reportes-legales/:reporte/exportar',
    {
      config: READERS,
      schema: {
        tags: TAGS,
        summary: 'Descarga un reporte legal en Excel, PDF o Word (Arial, 8 pt como máximo), igual a la vista en pantalla',
        params: reporteLegalParamsSchema,
        querystring: exportarReporteLegalQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await service.exportFile(requireSession(request), request.params.reporte, request.query, clock());
      reply.type(file.contentType);
      reply.header('content-disposition', attachment(file.filename));
      void (reply as { send(payload: unknown): unknown }).send(file.body);
      return reply;
    },
  );

  app.get(
    '/api/v1/incidentes-tecnicos',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Registro de incidentes técnicos de la empresa (los propuestos por el sistema primero)',
        querystring: incidentesQuerySchema,
        response: { 200: incidentesPageSchema, ...errors },
      },
    },
    async (request) => service.listIncidents(requireSession(request), request.query),
  );

  app.post(
    '/api/v1/incidentes-tecnicos',
    {
      config: ADMIN,
      schema: { tags: TAGS, summary: 'Registra un incidente técnico (inicio, fin y descripción)', body: incidenteBodySchema, response: { 201: incidenteSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.createIncident(requireSession(request), request.body, clock())),
  );

  app.put(
    '/api/v1/incidentes-tecnicos/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Corrige un incidente técnico; corregir uno propuesto lo confirma',
        params: idParamsSchema,
        body: incidenteBodySchema,
        response: { 200: incidenteSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => service.updateIncident(requireSession(request), request.params.id, request.body, clock()),
  );

  app.post(
    '/api/v1/incidentes-tecnicos/:id/decision',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Confirma (pasa al reporte f) o descarta una interrupción detectada por el sistema',
        params: idParamsSchema,
        body: z.object({ decision: z.enum(['confirmado', 'descartado'], { error: 'La decisión debe ser confirmado o descartado.' }) }),
        response: { 200: incidenteSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => service.decideIncident(requireSession(request), request.params.id, request.body.decision, clock()),
  );
}
