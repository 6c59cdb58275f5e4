import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Where sign-in returns after success; kept in the navigation state. */
interface ReturnState {
  from?: string;
}

/** Guards the private area: without a session, go to sign-in and come back afterwards. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signed-out') {
    // After a deliberate sign-out there is nothing to come back to.
    const state: ReturnState | undefined =
      session.lastSignOut === 'logout' ? undefined : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/" replace state={state} />;
  }
  return <Outlet />;
}
