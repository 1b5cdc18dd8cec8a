import { Navigate } from 'react-router';
import { AuthPageSkeleton } from '../features/auth/AuthShell';
import { RegisterScreen } from '../features/auth/RegisterScreen';
import { useSession } from '../features/auth/session';

/** /register: the form, or / for a signed-in visitor (also right after registering). */
export function RegisterPage() {
  const session = useSession();
  if (session.status === 'loading') return <AuthPageSkeleton />;
  if (session.status === 'authenticated') return <Navigate to="/" replace />;
  return <RegisterScreen />;
}
