// The shared layout of every signed-in page (spec 001 §2): skip links, sidebar,
// header and the page. Pages wrap themselves: <RequireAuth><AppLayout>…</AppLayout></RequireAuth>.
import type { ReactNode } from 'react';
import { AuthSkeleton } from '../../components/AuthSkeleton';
import { useSession } from '../auth/session';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { MAIN_ID, SkipLinks } from './SkipLinks';

export function AppLayout({
  children,
  feed = false,
}: {
  children: ReactNode;
  /** A feed page: offer "Skip to stories" as well. */
  feed?: boolean;
}) {
  const session = useSession();
  // Normally inside RequireAuth; on its own it still waits for the session.
  if (!session.user) return <AuthSkeleton />;
  return (
    <div className="flex min-h-screen bg-background text-foreground">
      <SkipLinks stories={feed} />
      <Sidebar role={session.user.role} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header user={session.user} />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 p-3 outline-none sm:p-4 md:px-6 md:pt-4 md:pb-6"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
