import { perfilLabel } from '../../../lib/format';
import { useLeaderCandidates } from '../api/search-people';
import { personName } from '../components/group-bits';

/** Who may lead a group, as MultiSelect options ("Ana Pérez · 12.345.678-5 · Supervisor"). */
export function useLeaderOptions() {
  const candidates = useLeaderCandidates();
  const options = (candidates.data ?? []).map((person) => ({
    value: person.id,
    label: `${personName(person)} · ${person.rut} · ${perfilLabel(person.perfil)}`,
  }));
  return { candidates, options };
}
