import { queryRoots } from '../../../lib/query-keys';

export const settingsKeys = {
  company: ['empresa'] as const,
  /** Every query about sites, the shared select options (`entityKeys.siteOptions`) included: a site mutation invalidates it. */
  sites: queryRoots.sites,
  siteList: (query: Record<string, unknown>) => [...queryRoots.sites, 'lista', query] as const,
};
