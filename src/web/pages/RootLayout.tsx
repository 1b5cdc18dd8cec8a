import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AdsScript } from '../features/ads/AdsScript';

/** Wraps every route; after a route change, scrolls smoothly to the URL's hash (spec §2). */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    // The target may render a moment later (after the session or data loads).
    let tries = 0;
    const timer = window.setInterval(() => {
      const el = document.getElementById(id);
      if (el || ++tries > 40) window.clearInterval(timer);
      el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
  return (
    <>
      <AdsScript />
      <Outlet />
    </>
  );
}
