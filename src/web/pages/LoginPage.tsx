import { Navigate, useSearchParams } from 'react-router';
import { AuthPageSkeleton } from '../features/auth/AuthShell';
import { LoginScreen } from '../features/auth/LoginScreen';
import { safeNext } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/session';

/** /login: the login page, or onward to `?next=` (else /) for a signed-in visitor. */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.status === 'loading') return <AuthPageSkeleton />;
  if (session.status === 'authenticated')
    return <Navigate to={safeNext(params.get('next'))} replace />;
  return <LoginScreen />;
}
