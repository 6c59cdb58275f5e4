export const groupKeys = {
  all: ['grupos'] as const,
  list: (query: Record<string, unknown>) => ['grupos', 'lista', query] as const,
  detail: (id: string) => ['grupos', 'detalle', id] as const,
  history: (id: string) => ['grupos', 'historial', id] as const,
  people: (query: Record<string, unknown>) => ['grupos', 'personas', query] as const,
  leaders: ['grupos', 'candidatos-lider'] as const,
  sites: ['grupos', 'sedes'] as const,
};
