import { Link, useLocation } from 'react-router';
import type { Role } from '../../../shared/constants';
import { Logo } from '../../components/Logo';
import { cn } from '../../lib/utils';
import { isActive, NAV_ITEMS } from './nav-items';

/** Brand, the "Navigation" heading and the page links; used by the desktop rail and the mobile drawer. */
export function SidebarContent({ role, onNavigate }: { role?: Role; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link
        to="/"
        onClick={onNavigate}
        className="flex items-center gap-2 rounded-md px-2 py-1 text-lg font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Logo />
        <span>AstroDash</span>
      </Link>
      <nav aria-labelledby="sidebar-nav-heading" className="flex flex-col gap-1">
        <h2
          id="sidebar-nav-heading"
          className="px-2 pb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
        >
          Navigation
        </h2>
        <ul className="flex flex-col gap-1">
          {NAV_ITEMS.filter((item) => !item.role || item.role === role).map(
            ({ to, label, Icon }) => {
              const active = isActive(to, pathname);
              return (
                <li key={to}>
                  <Link
                    to={to}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      active
                        ? 'bg-primary text-primary-foreground'
                        : 'text-foreground hover:bg-accent hover:text-accent-foreground',
                    )}
                  >
                    <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                    {label}
                  </Link>
                </li>
              );
            },
          )}
        </ul>
      </nav>
    </div>
  );
}

/** The sidebar rail on screens wider than 767 px. */
export function Sidebar({ role }: { role?: Role }) {
  return (
    <aside className="sticky top-0 hidden h-screen w-60 shrink-0 overflow-y-auto border-r border-border bg-card md:block">
      <SidebarContent role={role} />
    </aside>
  );
}
