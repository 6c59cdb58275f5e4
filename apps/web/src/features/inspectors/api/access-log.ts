import type { AccesosFiscalizadorPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { inspectorKeys } from './keys';

/** GET /api/v1/fiscalizacion/accesos (administrador): the company's inspector access log. */
export function useAccessLog(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: inspectorKeys.accessLog(query),
    queryFn: ({ signal }) => apiGet<AccesosFiscalizadorPage>('/v1/fiscalizacion/accesos', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}
