import {
  ACCESS,
  asistenciaDiaQuerySchema,
  asistenciaDiaResponseSchema,
  asistenciaTrabajadorResponseSchema,
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

export function registerAttendanceRoutes(app: ZodApp, service: AttendanceService, clock: Clock): void {
  app.get(
    '/api/v1/asistencia/dia',
    {
      config: { perfiles: ACCESS.attendance },
      schema: {
        tags: ['asistencia'],
        summary: 'Asistencia de la empresa en un día',
        description:
          'Estado de cada trabajador en la fecha (presente, atrasado, ausente, con permiso, sin marcar aún, incompleto, descanso, feriado), con su primera entrada y última salida, el conteo por estado y las llegadas por hora. Administrador: todos; supervisor: los grupos que lidera; trabajador: él mismo.',
        security: [{ bearer: [] }],
        querystring: asistenciaDiaQuerySchema,
        response: { 200: asistenciaDiaResponseSchema, ...errors },
      },
    },
    (request) => service.day(requireSession(request), request.query, clock()),
  );
  app.get(
    '/api/v1/asistencia/trabajadores/:id',
    {
      config: { perfiles: ACCESS.attendance },
      schema: {
        tags: ['asistencia'],
        summary: 'Asistencia de un trabajador en un periodo',
        description:
          'Cada día con su planificación, sus marcas con la atribución del motor, su resultado y su explicación; las semanas lunes–domingo con la compensación semanal; y los totales del periodo (días cerrados).',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        querystring: periodoAsistenciaQuerySchema,
        response: { 200: asistenciaTrabajadorResponseSchema, ...errors },
      },
    },
    (request) => service.worker(requireSession(request), request.params.id, request.query, clock()),
  );
  app.get(
    '/api/v1/asistencia/resumen',
    {
      config: { perfiles: ACCESS.attendance },
      schema: {
        tags: ['asistencia'],
        summary: 'Totales de asistencia por trabajador en un periodo',
        security: [{ bearer: [] }],
        querystring: resumenAsistenciaQuerySchema,
        response: { 200: resumenAsistenciaResponseSchema, ...errors },
      },
    },
    (request) => service.summary(requireSession(request), request.query, clock()),
  );
}
