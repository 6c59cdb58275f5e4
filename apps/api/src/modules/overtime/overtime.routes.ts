import {
  ACCESS,
  actualizarConfiguracionHorasExtraBodySchema,
  actualizarPactoBodySchema,
  aprobarHorasExtraBodySchema,
  aprobarHorasExtraLoteBodySchema,
  aprobarHorasExtraLoteResponseSchema,
  configuracionHorasExtraSchema,
  crearPactoBodySchema,
  DOCUMENTO_PACTO_MAX_BYTES,
  errorResponseSchema,
  horaExtraParamsSchema,
  horaExtraSchema,
  horasExtraPageSchema,
  horasExtraQuerySchema,
  idParamsSchema,
  misHorasExtraQuerySchema,
  misPactosQuerySchema,
  pactoSchema,
  pactosPageSchema,
  pactosQuerySchema,
  rechazarHorasExtraBodySchema,
} from '@jornada/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { registerDecisionRoutes } from '../../lib/approvals';
import { registerAttachmentRoutes } from '../../lib/attachments';
import { requireSession } from '../../plugins/auth';
import type { OvertimeService } from './overtime.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errors, 409: errorResponseSchema };

export function registerOvertimeRoutes(app: ZodApp, service: OvertimeService, clock: Clock): void {
  const tags = ['horas extra'];

  app.get(
    '/api/v1/pactos-horas-extra',
    {
      config: { perfiles: ACCESS.overtime },
      schema: {
        tags,
        summary: 'Pactos de horas extra de los trabajadores a cargo',
        description: 'Un supervisor ve los de los miembros de los grupos que lidera. `venceEnDias` deja los vigentes que terminan dentro de esos días.',
        querystring: pactosQuerySchema,
        response: { 200: pactosPageSchema, ...errors },
      },
    },
    async (request) => service.listPacts(requireSession(request), request.query, clock()),
  );

  app.post(
    '/api/v1/pactos-horas-extra',
    {
      config: { perfiles: ACCESS.overtime },
      schema: {
        tags,
        summary: 'Registra un pacto de horas extra',
        description: 'Como máximo 3 meses (renovable con un pacto nuevo) y 2 horas por día; no puede superponerse con otro pacto del trabajador.',
        body: crearPactoBodySchema,
        response: { 201: pactoSchema, ...withConflict },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createPact(requireSession(request), request.body, clock())),
  );

  app.get(
    '/api/v1/pactos-horas-extra/mios',
    {
      config: { perfiles: ACCESS.myOvertime },
      schema: { tags, summary: 'Mis pactos de horas extra', querystring: misPactosQuerySchema, response: { 200: pactosPageSchema, ...errors } },
    },
    async (request) => service.myPacts(requireSession(request), request.query, clock()),
  );

  app.get(
    '/api/v1/pactos-horas-extra/:id',
    {
      config: { perfiles: ACCESS.overtimePactDetail },
      schema: { tags, summary: 'Detalle de un pacto de horas extra', params: idParamsSchema, response: { 200: pactoSchema, ...errors } },
    },
    async (request) => service.getPact(requireSession(request), request.params.id, clock()),
  );

  app.patch(
    '/api/v1/pactos-horas-extra/:id',
    {
      config: { perfiles: ACCESS.overtime },
      schema: {
        tags,
        summary: 'Modifica un pacto de horas extra',
        description: 'No puede dejar sin pacto ni por sobre su máximo diario horas extra ya aprobadas.',
        params: idParamsSchema,
        body: actualizarPactoBodySchema,
        response: { 200: pactoSchema, ...withConflict },
      },
    },
    async (request) => service.updatePact(requireSession(request), request.params.id, request.body, clock()),
  );

  app.delete(
    '/api/v1/pactos-horas-extra/:id',
    {
      config: { perfiles: ACCESS.overtime },
      schema: { tags, summary: 'Elimina un pacto sin horas extra aprobadas', params: idParamsSchema, response: { 204: z.null(), ...withConflict } },
    },
    async (request, reply) => {
      await service.deletePact(requireSession(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  registerAttachmentRoutes(
    app,
    {
      path: '/api/v1/pactos-horas-extra/:id/documento',
      tags,
      maxBytes: DOCUMENTO_PACTO_MAX_BYTES,
      upload: { perfiles: ACCESS.overtime, summary: 'Adjunta el pacto firmado', response: pactoSchema, store: service.putDocument },
      download: { perfiles: ACCESS.overtimePactDetail, summary: 'Descarga el pacto firmado', read: service.getDocument },
    },
    clock,
  );

  app.get(
    '/api/v1/horas-extra',
    {
      config: { perfiles: ACCESS.overtime },
      schema: {
        tags,
        summary: 'Horas extra encontradas por la evaluación, para revisar',
        description:
          'Días con horas extra de los trabajadores a cargo (o ya revisados) en el periodo, con el pacto vigente y sus alertas: sin pacto, sobre el límite legal de 2 horas, sobre el pacto, en día de descanso, sobre el umbral de revisión de la empresa, o cambiadas desde la revisión. `revision=excepciones` deja solo los días con alguna alerta. Todas se pagan (art. 32 inc. 3).',
        querystring: horasExtraQuerySchema,
        response: { 200: horasExtraPageSchema, ...errors },
      },
    },
    async (request) => service.list(requireSession(request), request.query, clock()),
  );

  app.get(
    '/api/v1/horas-extra/mias',
    {
      config: { perfiles: ACCESS.myOvertime },
      schema: { tags, summary: 'Mis horas extra, aprobadas o no', querystring: misHorasExtraQuerySchema, response: { 200: horasExtraPageSchema, ...errors } },
    },
    async (request) => service.mine(requireSession(request), request.query, clock()),
  );

  app.post(
    '/api/v1/horas-extra/aprobar',
    {
      config: { perfiles: ACCESS.overtime },
      schema: {
        tags,
        summary: 'Confirma varias horas extra pendientes de una vez',
        description:
          'Los días de `items` (hasta 500) o todos los pendientes que coinciden con `filtro` (el de la revisión, hasta 10.000 días). Cada día se confirma completo. Los días sin horas extra, ya revisados o propios quedan como estaban, con el motivo.',
        body: aprobarHorasExtraLoteBodySchema,
        response: { 200: aprobarHorasExtraLoteResponseSchema, ...withConflict },
      },
    },
    async (request) => service.approveMany(requireSession(request), request.body, clock()),
  );

  registerDecisionRoutes(
    app,
    {
      path: '/api/v1/horas-extra/:usuarioId/:fecha',
      tags,
      perfiles: ACCESS.overtime,
      params: horaExtraParamsSchema,
      response: horaExtraSchema,
      approve: {
        summary: 'Confirma todo o parte de las horas extra de un día',
        description: 'Sin `segundos`, todo lo encontrado; con `segundos`, una parte y el resto queda en disputa. Nunca más de lo encontrado. El pacto no limita la confirmación: se paga todo lo encontrado.',
        body: aprobarHorasExtraBodySchema,
        decide: (session, params, body, now) => service.approve(session, params.usuarioId, params.fecha, body, now),
      },
      reject: {
        summary: 'Disputa las horas extra de un día con un motivo',
        description: 'Se siguen pagando hasta que se corrigen las marcas (flujo legal de correcciones).',
        body: rechazarHorasExtraBodySchema,
        decide: (session, params, body, now) => service.reject(session, params.usuarioId, params.fecha, body, now),
      },
    },
    clock,
  );

  app.get(
    '/api/v1/horas-extra/configuracion',
    {
      config: { perfiles: ACCESS.overtime },
      schema: { tags, summary: 'El umbral de revisión de horas extra de la empresa', response: { 200: configuracionHorasExtraSchema, ...errors } },
    },
    async (request) => service.settings(requireSession(request)),
  );

  app.put(
    '/api/v1/horas-extra/configuracion',
    {
      config: { perfiles: ACCESS.overtimeSettings },
      schema: {
        tags,
        summary: 'Cambia el umbral de revisión de horas extra',
        description: 'Los días con más horas extra que el umbral se listan para revisar. Es un umbral de revisión, nunca de pago: todo lo encontrado se paga.',
        body: actualizarConfiguracionHorasExtraBodySchema,
        response: { 200: configuracionHorasExtraSchema, ...errors },
      },
    },
    async (request) => service.updateSettings(requireSession(request), request.body, clock()),
  );
}
