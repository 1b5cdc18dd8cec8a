// Keyboard shortcuts (issue 25): one document listener; components register
// their keys while mounted. A key never fires while typing in a field, with
// Ctrl, Alt or Meta held, or when the user switched shortcuts off on My Account.
// `g` starts a two-key sequence (`g u`, `g s`, `g a`).
import { useEffect, useRef } from 'react';
import { readerPrefs } from './prefs';

export type Keymap = Record<string, (() => void) | undefined>;

const layers = new Set<{ current: Keymap }>();
let pending: { prefix: string; until: number } | null = null;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('input, textarea, select, [role="dialog"], [role="menu"]') !== null
  );
}

function onKeyDown(e: KeyboardEvent) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  if (!readerPrefs().shortcuts || isTyping(e.target)) return;
  const key = e.key;
  const prefix = pending && pending.until > Date.now() ? pending.prefix : '';
  pending = null;
  const combo = prefix ? `${prefix} ${key}` : key;
  if (!prefix && key === 'g') {
    pending = { prefix: 'g', until: Date.now() + 1500 };
    return;
  }
  for (const layer of layers) {
    const run = layer.current[combo];
    if (run) {
      e.preventDefault();
      run();
      return;
    }
  }
}

/** Registers keys (`j`, `A`, `g u`, `?`) while the component is mounted. */
export function useShortcuts(keymap: Keymap) {
  const ref = useRef(keymap);
  ref.current = keymap;
  useEffect(() => {
    if (layers.size === 0) document.addEventListener('keydown', onKeyDown);
    layers.add(ref);
    return () => {
      layers.delete(ref);
      if (layers.size === 0) document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
