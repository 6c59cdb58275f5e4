import type { HistorialEstadosGrupo } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** GET /api/v1/grupos/:id/historial-estados (newest first). */
function getGroupStateHistory(token: string, id: string, signal?: AbortSignal): Promise<HistorialEstadosGrupo> {
  return apiGet<HistorialEstadosGrupo>(`/v1/grupos/${encodeURIComponent(id)}/historial-estados`, { token, signal });
}

export function useGroupStateHistory(id: string | null) {
  const token = useToken();
  return useQuery({ queryKey: groupKeys.history(id ?? ''), queryFn: ({ signal }) => getGroupStateHistory(token, id!, signal), enabled: Boolean(id) });
}
