// Route map (spec §2; paths in src/shared/routes.ts, which the server shares to
// answer unknown paths with 404). `/` is the dashboard for a signed-in user and
// the login page for anyone else; protected pages send visitors to /login?next=….
//
// Code splitting: every page except `/` is `lazy: page(() => import(…), 'Name')`,
// so its code (and what only it uses: forms, zod, admin tables, Markdown…) is a
// separate chunk fetched on first visit. A new page follows the same pattern.
// The dashboard's own heavy parts (the Sources tab, dialogs) are React.lazy
// inside their features. bench/bundle.ts measures what a dashboard load costs.
import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { APP_ROUTES } from '../shared/routes';
import { AuthPageSkeleton } from './features/auth/AuthShell';
import { HomePage } from './pages/HomePage';
import { RootLayout } from './pages/RootLayout';

/** A route `lazy` loader for the page component `name` exported by the module. */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] });
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Shown while the first visited page's chunk loads.
    HydrateFallback: AuthPageSkeleton,
    children: [
      { path: APP_ROUTES.home, element: <HomePage /> },
      { path: APP_ROUTES.login, lazy: page(() => import('./pages/LoginPage'), 'LoginPage') },
      {
        path: APP_ROUTES.register,
        lazy: page(() => import('./pages/RegisterPage'), 'RegisterPage'),
      },
      { path: APP_ROUTES.account, lazy: page(() => import('./pages/AccountPage'), 'AccountPage') },
      { path: APP_ROUTES.admin, lazy: page(() => import('./pages/AdminPage'), 'AdminPage') },
      {
        path: APP_ROUTES.adminAnnouncements,
        lazy: page(() => import('./pages/AdminAnnouncementsPage'), 'AdminAnnouncementsPage'),
      },
      {
        path: APP_ROUTES.announcements,
        lazy: page(() => import('./pages/AnnouncementsPage'), 'AnnouncementsPage'),
      },
      {
        path: APP_ROUTES.redditFeeds,
        lazy: page(() => import('./pages/RedditFeedsPage'), 'RedditFeedsPage'),
      },
      {
        path: APP_ROUTES.blueskyFeeds,
        lazy: page(() => import('./pages/BlueskyFeedsPage'), 'BlueskyFeedsPage'),
      },
      {
        path: APP_ROUTES.rocketLaunches,
        lazy: page(() => import('./pages/RocketLaunchesPage'), 'RocketLaunchesPage'),
      },
      {
        path: APP_ROUTES.skyCalendar,
        lazy: page(() => import('./pages/SkyCalendarPage'), 'SkyCalendarPage'),
      },
      { path: APP_ROUTES.alerts, lazy: page(() => import('./pages/AlertsPage'), 'AlertsPage') },
      { path: APP_ROUTES.topic, lazy: page(() => import('./pages/TopicPage'), 'TopicPage') },
      { path: '*', lazy: page(() => import('./pages/NotFoundPage'), 'NotFoundPage') },
    ],
  },
]);
