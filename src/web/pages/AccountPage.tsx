import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { AlertsLinkCard } from '../features/alerts/AlertsLinkCard';
import { ApiPasswordsCard } from '../features/account/ApiPasswordsCard';
import { PrivateFeedsCard } from '../features/account/PrivateFeedsCard';
import { ReadingCard } from '../features/account/ReadingCard';
import { ProfileCard } from '../features/account/ProfileCard';
import { SecurityCard } from '../features/account/SecurityCard';
import { RequireAuth } from '../features/auth/RequireAuth';
import { AppLayout } from '../features/layout/AppLayout';

/** /account, "My Account" (spec §2). */
export function AccountPage() {
  useEffect(() => {
    document.title = 'My Account · AstroDash';
    return () => {
      document.title = 'AstroDash';
    };
  }, []);
  return (
    <RequireAuth sessionErrorFallback={<AuthenticationRequired />}>
      {(user) => (
        <AppLayout>
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
            <div>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Account</h1>
              <p className="text-muted-foreground">Manage your profile, location and password.</p>
            </div>
            {/* Keyed by user so the forms start from the saved values after a change of account. */}
            <ProfileCard key={user.id} user={user} />
            <SecurityCard />
            <ReadingCard />
            <PrivateFeedsCard />
            <AlertsLinkCard />
            <ApiPasswordsCard email={user.email} />
          </div>
        </AppLayout>
      )}
    </RequireAuth>
  );
}

/** Shown when the session could not be established (spec §2 Account page, unauthenticated). */
function AuthenticationRequired() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle>Authentication Required</CardTitle>
          <CardDescription>You must be logged in to view your account details.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/login">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
