import { Navigate, Outlet } from 'react-router';
import { useStoredUser } from '../../session/stored-user';

/** Pages that need a signed-in user; like the spec, only the locally stored user is checked. */
export function RequireUser() {
  const user = useStoredUser();
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}
