/** Query keys of web marking; `all` is invalidated after every mark. */
export const markingKeys = {
  all: ['marcas'] as const,
  today: ['marcas', 'hoy'] as const,
};
