import { Menu, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Role } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { SidebarContent } from './Sidebar';

/**
 * At max width 767 px the sidebar is a slide-in drawer opened from a menu
 * button; it closes after navigating, on Escape and on an overlay click, and
 * traps focus while open (Radix Dialog).
 */
export function MobileNavDrawer({ role, defaultOpen }: { role?: Role; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen ?? false);
  const { pathname } = useLocation();
  // Closes after navigating (not on mount, where it may open at once on first use).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current !== pathname) setOpen(false);
    shownPath.current = pathname;
  }, [pathname]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation menu">
          <Menu />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="drawer-overlay"
          className="fixed inset-0 z-50 bg-black/50 transition-opacity duration-150 starting:opacity-0 md:hidden"
        />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r border-border bg-card shadow-xl outline-none transition-transform duration-200 ease-out starting:-translate-x-full md:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Navigation menu</DialogPrimitive.Title>
          <DialogPrimitive.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              className="absolute right-2 top-3"
              aria-label="Close navigation menu"
            >
              <X />
            </Button>
          </DialogPrimitive.Close>
          <SidebarContent role={role} onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
