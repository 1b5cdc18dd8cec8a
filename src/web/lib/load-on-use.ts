// Code that only an interaction needs (a menu, a popover, a drawer) loads on that
// interaction, not with the page: the page renders a look-alike trigger, and the
// first click swaps in the real component, already open. Hover or focus starts
// the download early, so the click rarely waits.
import { useCallback, useState, type ComponentType } from 'react';

export function useLoadOnUse<P extends object>(load: () => Promise<ComponentType<P>>) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const prefetch = useCallback(() => void load().catch(() => undefined), [load]);
  const open = useCallback(() => {
    load().then(
      (component) => setLoaded(() => component),
      (err: unknown) => console.error('Failed to load', err),
    );
  }, [load]);
  /** Props for the placeholder trigger. */
  const triggerProps = { onClick: open, onPointerEnter: prefetch, onFocus: prefetch };
  return { Loaded, triggerProps };
}
