// /admin: the Admin Panel (spec 001 §2), role admin only. The other sections
// (purge, announcements, users) arrive with the admin issue.
import { DefaultSourcesAdmin } from '../features/sources/admin/DefaultSourcesAdmin';
import { RequireAuth } from '../features/auth/RequireAuth';
import { AppLayout } from '../features/layout/AppLayout';

export function AdminPage() {
  return (
    <RequireAuth role="admin">
      <AppLayout>
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
          <h1 className="text-2xl font-bold tracking-tight">Admin Panel</h1>
          <DefaultSourcesAdmin />
        </div>
      </AppLayout>
    </RequireAuth>
  );
}
