// Keyboard shortcuts (issue 25), the part that loads with the page: one document
// listener that decides whether a key is a shortcut. A key never is while typing
// in a field, with Ctrl, Alt or Meta held, or when the user switched shortcuts off
// on My Account. What a key does (keyboard.ts) loads on the first shortcut.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readerPrefs } from './prefs';

const KEYS = new Set(['j', 'k', 'o', 'v', 'm', 's', 'A', '/', 'r', '?', 'g u', 'g s', 'g a']);
let client: QueryClient | null = null;
let prefixAt = 0;

function onKeyDown(e: KeyboardEvent) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || !client) return;
  const t = e.target;
  if (t instanceof HTMLElement && (t.isContentEditable || t.closest('input, textarea, select')))
    return;
  if (
    !readerPrefs(client).shortcuts ||
    document.querySelector('[role="dialog"], [role="alertdialog"]')
  )
    return;
  // `g` starts a two-key sequence (`g u`, `g s`, `g a`).
  const combo = Date.now() - prefixAt < 1500 ? `g ${e.key}` : e.key;
  prefixAt = e.key === 'g' && combo === 'g' ? Date.now() : 0;
  if (!KEYS.has(combo)) return;
  e.preventDefault();
  const qc = client;
  import('./keyboard').then(
    (m) => m.runShortcut(combo, qc),
    (err: unknown) => console.error('Failed to load', err),
  );
}

/** Turns the shortcuts on while a feed is on screen. */
export function useKeyboard() {
  const qc = useQueryClient();
  useEffect(() => {
    client = qc;
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [qc]);
}
