import { AuthPageSkeleton } from '../features/auth/AuthShell';
import { LoginScreen } from '../features/auth/LoginScreen';
import { useSession } from '../features/auth/session';
import { useSignOutOnArrival } from '../features/auth/sign-out';
import { AppLayout } from '../features/layout/AppLayout';
import { DashboardPage } from './DashboardPage';

/** `/`: the dashboard for a signed-in user, the login page for anyone else (DESIGN.md). */
export function HomePage() {
  const session = useSession();
  const signingOut = useSignOutOnArrival();
  if (session.status === 'loading') return <AuthPageSkeleton />;
  if (session.status === 'unauthenticated' || signingOut) return <LoginScreen />;
  return (
    <AppLayout>
      <DashboardPage />
    </AppLayout>
  );
}
