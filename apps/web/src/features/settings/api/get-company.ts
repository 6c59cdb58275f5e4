import type { Empresa } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { settingsKeys } from './keys';

/** GET /api/v1/empresa (administrador). */
function getCompany(token: string, signal?: AbortSignal): Promise<Empresa> {
  return apiGet<Empresa>('/v1/empresa', { token, signal });
}

export function useCompany() {
  const token = useToken();
  return useQuery({ queryKey: settingsKeys.company, queryFn: ({ signal }) => getCompany(token, signal) });
}
