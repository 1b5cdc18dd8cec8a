import type { User } from '../../../shared/types';
import { useLoadOnUse } from '../../lib/load-on-use';
import { UserAvatar } from './UserAvatar';

const loadPopup = () => import('./UserMenuPopup').then((m) => m.UserMenuPopup);

/**
 * The avatar (spec 001 §2) opens the user menu: My account and the user's own
 * pages added since (Alerts, issue 30). The menu loads on first use.
 */
export function UserMenu({ user }: { user: User }) {
  const { Loaded, triggerProps } = useLoadOnUse(loadPopup);
  if (Loaded) return <Loaded user={user} defaultOpen />;
  return (
    <button
      type="button"
      aria-label="My account"
      aria-haspopup="menu"
      className="cursor-pointer rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...triggerProps}
    >
      <UserAvatar displayName={user.displayName} email={user.email} avatarUrl={user.avatarUrl} />
    </button>
  );
}
