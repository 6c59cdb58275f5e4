// A small entry for the app shell: whether this session is a DT inspector's visit, without loading the pages.
import { useInspectorSession } from './api/inspector-access';

/**
 * True when the signed-in fiscalizador came through the Dirección del Trabajo's temporary key (their
 * employer session answers `GET /fiscalizacion/sesion`), false for a fiscalizador account the company
 * created with a password, whose «Cambiar empleador» would lead to a key flow that is not theirs.
 * Undefined while it is being asked; only asked when `enabled`.
 */
export function useIsInspectorVisit(token: string | null, enabled: boolean): boolean | undefined {
  const session = useInspectorSession(enabled ? (token ?? '') : '');
  if (!enabled) return false;
  return session.data === undefined ? undefined : session.data !== null;
}
