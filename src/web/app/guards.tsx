import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useSession } from '@/features/auth/api';

/**
 * Signed-in screens: wait for the session check, and send a visitor without one to sign in, and a session the security
 * settings hold to two-factor sign-in to its set-up.
 */
export function RequireAuth() {
  const { data, isPending } = useSession();
  if (isPending) return <LoadingScreen message="Checking authentication..." />;
  if (!data) return <Navigate to="/" replace />;
  if (data.twoFactor.setupNeeded) return <Navigate to="/two-factor-setup" replace />;
  return <Outlet />;
}

/** The two-factor set-up screen: any session, a visitor without one goes to sign in. */
export function RequireSession() {
  const { data, isPending } = useSession();
  if (isPending) return <LoadingScreen message="Checking authentication..." />;
  if (!data) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** The sign-in screen: a signed-in user goes straight to the dashboard. */
export function PublicOnly() {
  const { data, isPending } = useSession();
  if (isPending) return <LoadingScreen message="Loading application..." />;
  if (data) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
