/**
 * Decisions on a worker's requests (a permission, a day's overtime): who decides (the worker's group
 * leaders or an administrador), the worker as the decision lists show them, and the approve/reject routes.
 */
import { errorResponseSchema, type Perfil } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { z } from 'zod';
import type { ZodApp } from '../app-types';
import { requireSession } from '../plugins/auth';
import type { RequestSession } from '../plugins/types';
import type { Clock } from './clock';

/** Whose requests the session decides: an administrador everyone's, a supervisor those of the members of the groups they lead, anyone else nobody's. */
export interface ApprovalScope {
  all: boolean;
  /** The groups a supervisor leads (empty for anyone else). */
  groupIds: string[];
}

/** The session's approval scope; `ledGroupIds` answers the groups a supervisor leads (asked only for one). */
export async function approvalScope(session: RequestSession, ledGroupIds: () => Promise<string[]>): Promise<ApprovalScope> {
  if (session.perfil === 'administrador') return { all: true, groupIds: [] };
  if (session.perfil === 'supervisor') return { all: false, groupIds: await ledGroupIds() };
  return { all: false, groupIds: [] };
}

/** Whether a scope decides on a member of `groupId` (a worker without a group: only an administrador). */
export function decidesFor(scope: ApprovalScope, groupId: string | null): boolean {
  return scope.all || (groupId !== null && scope.groupIds.includes(groupId));
}

/** The worker a request is about, as the lists and details show them. */
export function requestWorker(worker: { id: string; rut: string; nombre: string; apellidos: string; groupId: string | null }, groupNombre: string | null) {
  return {
    id: worker.id,
    rut: formatRut(worker.rut) ?? worker.rut,
    nombre: worker.nombre,
    apellidos: worker.apellidos,
    grupo: worker.groupId && groupNombre !== null ? { id: worker.groupId, nombre: groupNombre } : null,
  };
}

/** One of the two decisions: its summary, body and use case. */
interface DecisionRoute<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  summary: string;
  description?: string;
  body: B;
  decide: (session: RequestSession, params: z.output<P>, body: z.output<B>, now: Date) => Promise<z.input<R>>;
}

/** The approve and reject routes of a request at `path` (`<path>/aprobar`, `<path>/rechazar`). */
interface DecisionRoutes<P extends z.ZodType, A extends z.ZodType, J extends z.ZodType, R extends z.ZodType> {
  path: string;
  tags: string[];
  perfiles: readonly Perfil[];
  params: P;
  /** The request as it answers after the decision. */
  response: R;
  approve: DecisionRoute<P, A, R>;
  reject: DecisionRoute<P, J, R>;
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** Registers `POST <path>/aprobar` and `POST <path>/rechazar`: 200 with the request decided, 409 when it cannot be. */
export function registerDecisionRoutes<P extends z.ZodType, A extends z.ZodType, J extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  routes: DecisionRoutes<P, A, J, R>,
  clock: Clock,
): void {
  // Typed as any schema here (the routes are generic): fastify still validates params and body, and the reply against `response`.
  const params: z.ZodType = routes.params;
  const response: z.ZodType = routes.response;
  const { path, tags, perfiles } = routes;
  for (const [action, route] of [
    ['aprobar', routes.approve],
    ['rechazar', routes.reject],
  ] as const) {
    app.post(
      `${path}/${action}`,
      {
        config: { perfiles },
        schema: {
          tags,
          summary: route.summary,
          ...(route.description === undefined ? {} : { description: route.description }),
          params,
          body: route.body,
          response: { 200: response, ...errors },
        },
      },
      async (request) => (route.decide as DecisionRoute<P, z.ZodType, R>['decide'])(requireSession(request), request.params as z.output<P>, request.body, clock()),
    );
  }
}
