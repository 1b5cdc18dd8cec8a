import { Menu } from 'lucide-react';
import type { Role } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { useLoadOnUse } from '../../lib/load-on-use';

const loadDrawer = () => import('./MobileNavDrawer').then((m) => m.MobileNavDrawer);

/** The menu button under 768 px; the slide-in drawer loads on first use. */
export function MobileNav({ role }: { role?: Role }) {
  const { Loaded, triggerProps } = useLoadOnUse(loadDrawer);
  if (Loaded) return <Loaded role={role} defaultOpen />;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-label="Open navigation menu"
      aria-haspopup="dialog"
      {...triggerProps}
    >
      <Menu />
    </Button>
  );
}
