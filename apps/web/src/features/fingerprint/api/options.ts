import type { SedesPage, UsuariosPage } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

/** Sites as select options. */
export function useSiteChoices(enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: ['sedes', 'opciones-huella'],
    queryFn: async ({ signal }) => {
      const page = await apiGet<SedesPage>('/v1/sedes', { token, query: { pageSize: 100 }, signal });
      return page.items.map((site) => ({ value: site.id, label: site.nombre }));
    },
    enabled,
  });
}

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
