// The frame shared by the dashboard and the dedicated feed pages: title,
// subtitle and Sign Out, the announcement banners, then four tabs, with a
// sidebar (Filters) beside the feed tab only: the filters do nothing elsewhere.
import { Bot, Megaphone, Newspaper, Rss } from 'lucide-react';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ScrollableTabsList, Tabs, TabsContent, TabsTrigger } from '../../components/ui/tabs';
import { AnnouncementBanners } from '../announcements/AnnouncementBanners';
import { useLogout } from '../auth/session';
import { Spinner } from '../../components/ui/spinner';
import { FeedTabContext, type FeedTab } from './feed-tabs';
import { cn } from '../../lib/utils';

// The Sources and AI Assistant tabs (forms, OPML, dialogs, Markdown) load when first opened.
const SourcesManager = lazy(() =>
  import('../sources/SourcesManager').then((m) => ({ default: m.SourcesManager })),
);
const AnnouncementHistory = lazy(() =>
  import('../announcements/AnnouncementHistory').then((m) => ({ default: m.AnnouncementHistory })),
);
const ChatPanel = lazy(() => import('../ai/ChatPanel').then((m) => ({ default: m.ChatPanel })));

export function SignOutButton({ className }: { className?: string }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      className={className}
      disabled={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/') })}
    >
      Sign Out
    </Button>
  );
}

export interface FeedPageShellProps {
  title: string;
  subtitle?: string;
  sidebar: ReactNode;
  feedTabLabel: string;
  feed: ReactNode;
  /** The dashboard lists AI Assistant before Announcements; the feed pages the other way round. */
  tabOrder: 'dashboard' | 'feed-page';
  /** A line under the title (the dashboard's Tonight verdict). */
  banner?: ReactNode;
}

export function FeedPageShell({
  title,
  subtitle,
  sidebar,
  feedTabLabel,
  feed,
  tabOrder,
  banner,
}: FeedPageShellProps) {
  // The chat stays mounted once opened (see below) but is not loaded before.
  const [aiOpened, setAiOpened] = useState(false);
  const [tab, setTab] = useState<string>('feed');
  const selectTab = useCallback((value: string) => {
    setTab(value);
    if (value === 'ai') setAiOpened(true);
  }, []);
  // Opened from inside the feed (its "see Sources"): focus follows to the new panel.
  const showTab = useCallback(
    (value: FeedTab) => {
      selectTab(value);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]')?.focus(),
      );
    },
    [selectTab],
  );
  const ai = (
    <TabsTrigger key="ai" value="ai">
      <Bot aria-hidden="true" />
      AI Assistant
    </TabsTrigger>
  );
  const announcements = (
    <TabsTrigger key="announcements" value="announcements">
      <Megaphone aria-hidden="true" />
      Announcements
    </TabsTrigger>
  );
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-3 md:gap-4">
      {/* A phone: the title beside a small Sign Out, the subtitle one small line below; a wide
          screen: the subtitle beside the title. Either way the first stories show early. */}
      <header className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 lg:flex lg:items-baseline">
        <h1 className="col-start-1 row-start-1 text-base leading-tight font-bold tracking-tight break-words sm:text-2xl">
          {title}
        </h1>
        {subtitle && (
          <p className="col-span-2 col-start-1 row-start-2 text-xs text-muted-foreground sm:col-span-1 sm:text-base">
            {subtitle}
          </p>
        )}
        <div className="col-start-2 row-start-1 sm:row-span-2 lg:ml-auto lg:self-center">
          <SignOutButton className="max-sm:h-8 max-sm:px-3 max-sm:text-xs" />
        </div>
      </header>
      {banner}
      <AnnouncementBanners />
      <div
        className={cn(
          'grid grid-cols-1 gap-3 md:gap-6',
          tab === 'feed' && 'md:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[16rem_minmax(0,1fr)]',
        )}
      >
        {/* Sticky below the sticky header (not under it), scrolling on its own when taller than the screen. */}
        {tab === 'feed' && (
          <aside className="flex flex-col gap-4 md:sticky md:top-[calc(var(--header-height)+1rem)] md:max-h-[calc(100vh-var(--header-height)-2rem)] md:self-start md:overflow-y-auto">
            {sidebar}
          </aside>
        )}
        <Tabs value={tab} className="min-w-0" onValueChange={selectTab}>
          {/* One row: on a phone it scrolls sideways (with a cue) rather than pushing the stories down. */}
          <ScrollableTabsList>
            <TabsTrigger value="feed">
              <Newspaper aria-hidden="true" />
              {feedTabLabel}
            </TabsTrigger>
            <TabsTrigger value="sources">
              <Rss aria-hidden="true" />
              Sources
            </TabsTrigger>
            {tabOrder === 'dashboard' ? [ai, announcements] : [announcements, ai]}
          </ScrollableTabsList>
          <TabsContent value="feed">
            <FeedTabContext.Provider value={showTab}>{feed}</FeedTabContext.Provider>
          </TabsContent>
          <TabsContent value="sources">
            <Suspense fallback={<Spinner className="mx-auto my-12" />}>
              <SourcesManager />
            </Suspense>
          </TabsContent>
          {/* Kept mounted: the conversation (and an answer still arriving) survives a tab switch. */}
          <TabsContent value="ai" forceMount className="data-[state=inactive]:hidden">
            {aiOpened && (
              <Suspense fallback={<Spinner className="mx-auto my-12" />}>
                <ChatPanel />
              </Suspense>
            )}
          </TabsContent>
          <TabsContent value="announcements">
            <Suspense fallback={<Spinner className="mx-auto my-12" />}>
              <AnnouncementHistory />
            </Suspense>
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}

/** The feed tab's header row: title, then view toggle and refresh button. */
export function FeedHeader({ title, actions }: { title: string; actions: ReactNode }) {
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-2">
      <h2 className="text-lg font-semibold sm:text-xl">{title}</h2>
      <div className="flex flex-wrap items-center gap-2">{actions}</div>
    </div>
  );
}
