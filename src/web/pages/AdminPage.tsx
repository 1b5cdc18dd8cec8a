// /admin: the Admin Panel (spec 001 §2), role admin only (DESIGN), enforced on
// the server too: every /_api/admin/ call demands it.
import { Megaphone } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { AccessDenied } from '../components/AccessDenied';
import { Button } from '../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { JobsCard } from '../features/admin/JobsCard';
import { ManualPurgeCard, ScheduledPurgeCard } from '../features/admin/PurgeCards';
import { UserManagement } from '../features/admin/UserManagement';
import { loginPathFor } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/session';
import { AppLayout } from '../features/layout/AppLayout';
import { DefaultSourcesAdmin } from '../features/sources/admin/DefaultSourcesAdmin';

function VerifyingAccess() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-8"
    >
      <p className="text-sm text-muted-foreground">Verifying access...</p>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function AnnouncementsCard() {
  return (
    <Card id="announcements">
      <CardHeader className="items-start gap-3 sm:flex-row sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Announcements</CardTitle>
          <CardDescription>
            Create, edit and manage system-wide announcements shown to all users.
          </CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/announcements">
            <Megaphone className="h-4 w-4" aria-hidden="true" />
            Manage Announcements
          </Link>
        </Button>
      </CardHeader>
    </Card>
  );
}

export function AdminPage() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <VerifyingAccess />;
  if (session.status === 'unauthenticated')
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  const { user } = session;
  if (user.role !== 'admin')
    return (
      <AppLayout>
        <AccessDenied role={user.role} />
      </AppLayout>
    );
  return (
    <AppLayout>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">Admin Panel</h1>
        <div className="grid gap-6 md:grid-cols-2">
          <ScheduledPurgeCard isAdmin={user.role === 'admin'} />
          <ManualPurgeCard />
        </div>
        <AnnouncementsCard />
        <DefaultSourcesAdmin />
        <UserManagement selfId={user.id} />
        <JobsCard />
      </div>
    </AppLayout>
  );
}
