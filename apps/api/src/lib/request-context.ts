import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock';

/** What services need to know about the call besides its body: when, and from where (for audit and throttling). */
export interface RequestContext {
  now: Date;
  ip: string;
  userAgent: string | null;
}

export function requestContext(request: FastifyRequest, clock: Clock): RequestContext {
  const userAgent = request.headers['user-agent'];
  return { now: clock(), ip: request.ip, userAgent: userAgent ? userAgent.slice(0, 500) : null };
}
