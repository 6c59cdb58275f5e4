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
    /**
     * A public route that never looks for a session (health, readiness, metrics), so it answers
     * without touching the database even when a token comes along.
     */
    sessionless?: boolean;
    /**
     * The perfiles allowed on a private route. Every private /api route must declare them (the app
     * refuses to start otherwise), so a new route cannot be open to every perfil by omission.
     */
    perfiles?: readonly Perfil[];
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
}
