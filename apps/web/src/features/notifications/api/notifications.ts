import type { Notificaciones, NotificacionesVistas } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

/** How often the bell asks again (paused while the tab is hidden; asked again on focus). */
const NOTIFICATIONS_REFRESH_MS = 60_000;

/**
 * The bell sits in every private page's header, and an answer it cannot read (an old server, a
 * proxy's page) must show as an error, never break the page. The count needs only this much; the
 * open list checks the whole answer against the contract (notification-popover), so zod and the
 * schema load with the popover and not with every page's first script (docs/performance.md).
 */
function readBell(body: unknown): Notificaciones {
  const bell = body as Partial<Record<keyof Notificaciones, unknown>> | null;
  if (typeof bell !== 'object' || bell === null || typeof bell.noVistas !== 'number' || typeof bell.total !== 'number' || !Array.isArray(bell.items)) {
    throw new Error('La respuesta de notificaciones no tiene el formato esperado.');
  }
  return body as Notificaciones;
}

const notificationKeys = { all: ['notificaciones'] as const };

/** GET /api/v1/notificaciones: what is pending for the session's person. */
export function useNotifications(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: async ({ signal }) => readBell(await apiGet<unknown>('/v1/notificaciones', { token, signal })),
    enabled: enabled && Boolean(token),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/**
 * POST /api/v1/notificaciones/vistas: the person opened the bell. The count drops to zero at once;
 * the items keep their "new" mark until the next read, so the open menu still shows what was new.
 */
export function useMarkNotificationsSeen() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<NotificacionesVistas>('/v1/notificaciones/vistas', {}, { token }),
    onSuccess: ({ vistoEn }) =>
      client.setQueryData<Notificaciones>(notificationKeys.all, (old) => (old ? { ...old, noVistas: 0, vistoEn } : old)),
  });
}
