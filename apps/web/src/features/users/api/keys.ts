/** Query keys of the users feature; `all` is invalidated after any change to a user. */
export const userKeys = {
  all: ['usuarios'] as const,
  list: (query: Record<string, unknown>) => ['usuarios', 'lista', query] as const,
  detail: (id: string) => ['usuarios', 'detalle', id] as const,
};
