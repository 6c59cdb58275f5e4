/** Query keys of the shifts feature; `all` is invalidated after any change to a shift. */
export const shiftKeys = {
  all: ['turnos'] as const,
  list: (query: Record<string, unknown>) => ['turnos', 'lista', query] as const,
};
