export const fingerprintKeys = {
  all: ['huella'] as const,
  consent: (usuarioId: string | undefined) => ['huella', 'consentimiento', usuarioId ?? 'yo'] as const,
  mine: ['huella', 'mias'] as const,
  credentials: (query: Record<string, unknown>) => ['huella', 'credenciales', query] as const,
  pending: (query: Record<string, unknown>) => ['huella', 'pendientes', query] as const,
};
