export const settingsKeys = {
  company: ['empresa'] as const,
  sites: ['sedes'] as const,
  siteList: (query: Record<string, unknown>) => ['sedes', 'lista', query] as const,
};
