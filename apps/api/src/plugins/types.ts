import type { Perfil } from '@jornada/contracts';

/** Who is calling, resolved from the Bearer token; every service call is scoped to this company. */
export interface RequestSession {
  userId: string;
  companyId: string;
  perfil: Perfil;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes under /api need a session unless they say `public: true` (deny by default). */
    public?: boolean;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
}
