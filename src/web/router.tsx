// Route map (spec §2). `/` is the dashboard for a signed-in user and the login
// page for anyone else; protected pages send visitors to /login?next=….
import { createBrowserRouter } from 'react-router';
import { AccountPage } from './pages/AccountPage';
import { AdminAnnouncementsPage } from './pages/AdminAnnouncementsPage';
import { AdminPage } from './pages/AdminPage';
import { AnnouncementsPage } from './pages/AnnouncementsPage';
import { BlueskyFeedsPage } from './pages/BlueskyFeedsPage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RedditFeedsPage } from './pages/RedditFeedsPage';
import { RegisterPage } from './pages/RegisterPage';
import { RocketLaunchesPage } from './pages/RocketLaunchesPage';
import { RootLayout } from './pages/RootLayout';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/admin/announcements', element: <AdminAnnouncementsPage /> },
      { path: '/announcements', element: <AnnouncementsPage /> },
      { path: '/reddit-feeds', element: <RedditFeedsPage /> },
      { path: '/bluesky-feeds', element: <BlueskyFeedsPage /> },
      { path: '/rocket-launches', element: <RocketLaunchesPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
