import { entityKeys } from '../../../lib/entity-options';

export const settingsKeys = {
  company: ['empresa'] as const,
  /** Every query about sites, the shared select options (`entityKeys.siteOptions`) included: a site mutation invalidates it. */
  sites: entityKeys.sites,
  siteList: (query: Record<string, unknown>) => ['sedes', 'lista', query] as const,
};
