import { Bell, CalendarDays, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../../shared/routes';
import type { User } from '../../../shared/types';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { UserAvatar } from './UserAvatar';

const ITEMS = [
  { to: APP_ROUTES.account, label: 'My account', Icon: UserRound },
  { to: APP_ROUTES.alerts, label: 'Alerts', Icon: Bell },
  { to: APP_ROUTES.skyCalendar, label: 'Sky calendar', Icon: CalendarDays },
];

/** The user menu behind the avatar (loaded on first use by UserMenu). */
export function UserMenuPopup({ user, defaultOpen }: { user: User; defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label="My account"
          className="cursor-pointer rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <UserAvatar
            displayName={user.displayName}
            email={user.email}
            avatarUrl={user.avatarUrl}
          />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <p className="truncate px-2 py-1.5 text-xs text-muted-foreground">{user.email}</p>
        {ITEMS.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
