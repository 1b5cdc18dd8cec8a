// /admin/announcements: Manage Announcements (spec 001 §2), role admin only.
// Anyone else signed in sees Access Denied inside the app's shell, as on /admin.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { AccessDenied } from '../components/AccessDenied';
import { AnnouncementsAdmin } from '../features/announcements/admin/AnnouncementsAdmin';
import { RequireAuth } from '../features/auth/RequireAuth';
import { AppLayout } from '../features/layout/AppLayout';

export function AdminAnnouncementsPage() {
  return (
    <RequireAuth>
      {(user) => (
        <AppLayout>
          {user.role !== 'admin' ? (
            <AccessDenied role={user.role} />
          ) : (
            <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
              <Link
                to="/admin"
                className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                Admin Panel
              </Link>
              <AnnouncementsAdmin />
            </div>
          )}
        </AppLayout>
      )}
    </RequireAuth>
  );
}
