import type { Comprobante } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';

/** Under the marks root: a new mark (web, fingerprint) refreshes the receipts too. */
const receiptKeys = {
  receipt: (markId: string) => [...queryRoots.marks, 'comprobante', markId] as const,
};

/** GET /api/v1/marcas/:id/comprobante (the worker's own marks; an administrador or supervisor within their scope). */
export function useReceipt(markId: string) {
  const token = useToken();
  return useQuery({
    queryKey: receiptKeys.receipt(markId),
    queryFn: ({ signal }) => apiGet<Comprobante>(`/v1/marcas/${encodeURIComponent(markId)}/comprobante`, { token, signal }),
  });
}
