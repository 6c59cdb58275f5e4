import type { Inicio } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { readEvaluated } from '../../../components/evaluation-progress';
import { useToken } from '../../../lib/use-token';

/** How often the home asks again while it is on screen (paused while the tab is hidden). */
const HOME_REFRESH_MS = 60_000;

const homeKeys = { all: ['inicio'] as const };

/** GET /api/v1/inicio: the home's cards for the session's perfil; refreshed every 60 s and on focus. */
export function useHome(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: homeKeys.all,
    queryFn: ({ signal }) => readEvaluated(() => apiGet<Inicio>('/v1/inicio', { token, signal }), { token, signal }),
    enabled,
    refetchInterval: HOME_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
