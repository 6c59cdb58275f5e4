import type { Comprobante } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

/** GET /api/v1/marcas/:id/comprobante (the worker's own marks; an administrador or supervisor within their scope). */
export function useReceipt(markId: string) {
  const token = useToken();
  return useQuery({
    queryKey: ['marcas', 'comprobante', markId],
    queryFn: ({ signal }) => apiGet<Comprobante>(`/v1/marcas/${encodeURIComponent(markId)}/comprobante`, { token, signal }),
  });
}
