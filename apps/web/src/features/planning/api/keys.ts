/** Query keys of the planning feature. */
export const planningKeys = {
  all: ['planificacion'] as const,
  grids: ['planificacion', 'grilla'] as const,
  grid: (query: Record<string, string>) => ['planificacion', 'grilla', query] as const,
  changes: ['planificacion', 'cambios'] as const,
  changeList: (query: Record<string, unknown>) => ['planificacion', 'cambios', query] as const,
  shifts: ['planificacion', 'turnos-activos'] as const,
};
