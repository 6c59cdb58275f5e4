import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

/**
 * `/dashboard/settings` typed in the address bar: the settings an administrador manages start with the
 * company's data; anyone else's only page under settings is their attendance (an inspector has none).
 */
export function SettingsIndex() {
  const { user } = useSession();
  if (user.perfil === 'administrador') return <Navigate to="/dashboard/settings/company" replace />;
  if (user.perfil === 'fiscalizador') return <Navigate to="/dashboard" replace />;
  return <Navigate to="/dashboard/settings/assists-user" replace />;
}
