/** Query keys of the automatic roster. */
export const rosterKeys = {
  all: ['planificacion-automatica'] as const,
  demand: (siteId: string) => ['planificacion-automatica', 'demanda', siteId] as const,
  proposal: (id: string) => ['planificacion-automatica', 'propuesta', id] as const,
};
