import type { Perfil } from '@jornada/contracts';

/** Who is calling, resolved from the Bearer token; every service call is scoped to this company. */
export interface RequestSession {
  userId: string;
  companyId: string;
  perfil: Perfil;
  tokenHash: string;
  /**
   * Set for a DT inspector's employer session: `userId` is then the inspector's id, not a user
   * of the company, and the session is read-only.
   */
  inspector?: InspectorIdentity;
}

/** Who the inspector is, as declared with the key they signed in with, and the employer they chose. */
export interface InspectorIdentity {
  inspectorId: string;
  email: string;
  /** Normalised (`12345678-5`). */
  rut: string;
  nombre: string;
  apellidos: string;
  razonSocial: string;
  companyRut: string;
  /** The sign-in session this employer session came from (signing out ends both). */
  signInTokenHash: string;
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
    /**
     * A non-GET route that changes no company data (profile, sign-out, a report sent as POST). Sessions
     * of perfil fiscalizador are read-only: every other non-GET route answers them 403.
     */
    readOnly?: boolean;
    /**
     * A page of evaluated attendance: when its period was never evaluated and is too big to evaluate
     * inside the request, the evaluation is queued and the route answers 202 (lib/page-reads.ts).
     */
    deferEvaluation?: boolean;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
}
