import { lazy, Suspense } from 'react';
import { AuthPageSkeleton } from '../features/auth/AuthShell';
import { useSession } from '../features/auth/session';
import { useSignOutOnArrival } from '../features/auth/sign-out';
import { AppLayout } from '../features/layout/AppLayout';
import { DashboardPage } from './DashboardPage';

// The login form (and zod, which validates it) is a chunk of its own: a signed-in
// visitor, the common case at `/`, never downloads it.
const LoginScreen = lazy(() =>
  import('../features/auth/LoginScreen').then((m) => ({ default: m.LoginScreen })),
);

/** `/`: the dashboard for a signed-in user, the login page for anyone else (DESIGN.md). */
export function HomePage() {
  const session = useSession();
  const signingOut = useSignOutOnArrival();
  if (session.status === 'loading') return <AuthPageSkeleton />;
  if (session.status === 'unauthenticated' || signingOut)
    return (
      <Suspense fallback={<AuthPageSkeleton />}>
        <LoginScreen />
      </Suspense>
    );
  return (
    <AppLayout feed>
      <DashboardPage />
    </AppLayout>
  );
}
