/** Query keys of the inspectors feature; `all` is removed when the inspector leaves (nothing of their session stays cached). */
export const inspectorKeys = {
  all: ['fiscalizacion'] as const,
  session: (token: string) => ['fiscalizacion', 'sesion', token] as const,
  employers: (token: string, q: string) => ['fiscalizacion', 'empleadores', token, q] as const,
  accessLog: (query: Record<string, unknown>) => ['fiscalizacion', 'accesos', query] as const,
};
