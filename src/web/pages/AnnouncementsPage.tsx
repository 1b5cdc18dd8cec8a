// /announcements: every announcement, titled 'Announcements' (spec 000 §2), for any signed-in user.
import { RequireAuth } from '../features/auth/RequireAuth';
import { AnnouncementHistory } from '../features/announcements/AnnouncementHistory';
import { AppLayout } from '../features/layout/AppLayout';

export function AnnouncementsPage() {
  return (
    <RequireAuth>
      <AppLayout>
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
          <div>
            <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Announcements</h1>
            <p className="mt-1 text-muted-foreground">
              Every announcement, newest first, including the ones you dismissed.
            </p>
          </div>
          <AnnouncementHistory />
        </div>
      </AppLayout>
    </RequireAuth>
  );
}
