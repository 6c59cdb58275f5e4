import type { UsuariosPage } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

/** Active workers matching a search, as select options (administrators enrolling someone else). */
export function useWorkerChoices(q: string, enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: ['usuarios', 'opciones-huella', q],
    queryFn: async ({ signal }) => {
      const page = await apiGet<UsuariosPage>('/v1/usuarios', { token, query: { q, activo: 'true', pageSize: 50, sort: 'apellidos' }, signal });
      return page.items.map((u) => ({ value: u.id, label: `${u.nombre} ${u.apellidos} (${u.rut})` }));
    },
    enabled,
  });
}
