import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '../../../shared/types';
import { Logo } from '../../components/Logo';
import { Button } from '../../components/ui/button';
import { SkyStrip } from '../sky/SkyStrip';
import { MobileNav } from './MobileNav';
import { ThemeMenu } from './ThemeMenu';
import { UserMenu } from './UserMenu';

/** Top bar: mobile menu, the sky strip slot, theme menu, Account button and avatar (spec 001 §2). */
export function Header({ user }: { user: User }) {
  return (
    <header className="sticky top-0 z-40 flex h-(--header-height) items-center gap-2 border-b border-border bg-card/90 px-3 backdrop-blur md:px-6">
      <MobileNav role={user.role} />
      {/* Under 768 px the sidebar (and its brand) is a drawer: the brand shows here. */}
      <Link
        to="/"
        className="flex shrink-0 items-center gap-1.5 rounded-md font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
      >
        <Logo className="h-7 w-7" />
        <span>AstroDash</span>
      </Link>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <SkyStrip />
      </div>
      <ThemeMenu />
      <Button asChild variant="outline" size="sm" className="max-sm:w-9 max-sm:px-0">
        <Link to="/account">
          <UserRound aria-hidden="true" />
          <span className="max-sm:sr-only">Account</span>
        </Link>
      </Button>
      {/* The avatar opens the user menu: My account, Alerts (issue 30), Sky calendar. */}
      <UserMenu user={user} />
    </header>
  );
}
