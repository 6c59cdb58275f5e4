import {
  ACCESS,
  asistenciaDiaQuerySchema,
  asistenciaDiaResponseSchema,
  asistenciaTrabajadorResponseSchema,
  calculandoAsistenciaSchema,
  calculoAsistenciaSchema,
  calculoParamsSchema,
  errorResponseSchema,
  idParamsSchema,
  periodoAsistenciaQuerySchema,
  resumenAsistenciaQuerySchema,
  resumenAsistenciaResponseSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { AttendanceService } from './attendance.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
/** A page of evaluated attendance whose period is being evaluated in the background (attendance.calculations.ts). */
const calculating = { 202: calculandoAsistenciaSchema };

export function registerAttendanceRoutes(app: ZodApp, service: AttendanceService, clock: Clock): void {
  app.get(
    '/api/v1/asistencia/dia',
    {
      config: { perfiles: ACCESS.attendance, deferEvaluation: true },
      schema: {
        tags: ['asistencia'],
        summary: 'Asistencia de la empresa en un día',
        description:
          'Estado de cada trabajador en la fecha (presente, atrasado, ausente, con permiso, sin marcar aún, incompleto, descanso, feriado), con su primera entrada y última salida, el conteo por estado y las llegadas por hora. Administrador: todos; supervisor: los grupos que lidera; trabajador: él mismo.',
        security: [{ bearer: [] }],
        querystring: asistenciaDiaQuerySchema,
        response: { 200: asistenciaDiaResponseSchema, ...calculating, ...errors },
      },
    },
    (request) => service.day(requireSession(request), request.query, clock()),
  );
  app.get(
    '/api/v1/asistencia/trabajadores/:id',
    {
      config: { perfiles: ACCESS.attendance, deferEvaluation: true },
      schema: {
        tags: ['asistencia'],
        summary: 'Asistencia de un trabajador en un periodo',
        description:
          'Cada día con su planificación, sus marcas con la atribución del motor, su resultado y su explicación; las semanas lunes–domingo con la compensación semanal; y los totales del periodo (días cerrados).',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        querystring: periodoAsistenciaQuerySchema,
        response: { 200: asistenciaTrabajadorResponseSchema, ...calculating, ...errors },
      },
    },
    (request) => service.worker(requireSession(request), request.params.id, request.query, clock()),
  );
  app.get(
    '/api/v1/asistencia/resumen',
    {
      config: { perfiles: ACCESS.attendance, deferEvaluation: true },
      schema: {
        tags: ['asistencia'],
        summary: 'Totales de asistencia por trabajador en un periodo',
        security: [{ bearer: [] }],
        querystring: resumenAsistenciaQuerySchema,
        response: { 200: resumenAsistenciaResponseSchema, ...calculating, ...errors },
      },
    },
    (request) => service.summary(requireSession(request), request.query, clock()),
  );
  app.get(
    '/api/v1/asistencia/calculos/:id',
    {
      config: { perfiles: ACCESS.attendanceCalculation },
      schema: {
        tags: ['asistencia'],
        summary: 'Avance del cálculo de asistencia de un periodo',
        description:
          'Cuando una página de asistencia evaluada pide un periodo nunca evaluado y demasiado grande para calcularlo en la solicitud, responde 202 con un cálculo en la cola de trabajos; esta ruta dice cuántos días-trabajador lleva (`hechos` de `total`) y si está `listo`, para volver a pedir la página. Solo los cálculos de la propia empresa.',
        security: [{ bearer: [] }],
        params: calculoParamsSchema,
        response: { 200: calculoAsistenciaSchema, ...errors },
      },
    },
    (request) => service.calculations.read(requireSession(request), request.params.id),
  );
}
