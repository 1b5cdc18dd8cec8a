// The reader's preferences (issue 25): when a story counts as read, and whether
// the keyboard shortcuts are on. Kept in this browser's local storage, set on My Account.
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../feed/storage';

export type MarkReadPolicy = 'open' | 'scroll' | 'manual';
export interface ReaderPrefs {
  markRead: MarkReadPolicy;
  shortcuts: boolean;
}

const KEY = 'astrodash:reader';
const DEFAULTS: ReaderPrefs = { markRead: 'open', shortcuts: true };
const listeners = new Set<() => void>();
let cached: ReaderPrefs | null = null;

export function readerPrefs(): ReaderPrefs {
  if (cached) return cached;
  let stored: Partial<ReaderPrefs> = {};
  try {
    stored = JSON.parse(readStorage(KEY) ?? '{}') as Partial<ReaderPrefs>;
  } catch {
    /* a damaged value: the defaults */
  }
  cached = {
    markRead: ['open', 'scroll', 'manual'].includes(stored.markRead ?? '')
      ? (stored.markRead as MarkReadPolicy)
      : DEFAULTS.markRead,
    shortcuts: typeof stored.shortcuts === 'boolean' ? stored.shortcuts : DEFAULTS.shortcuts,
  };
  return cached;
}

export function setReaderPrefs(patch: Partial<ReaderPrefs>) {
  cached = { ...readerPrefs(), ...patch };
  writeStorage(KEY, JSON.stringify(cached));
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useReaderPrefs(): ReaderPrefs {
  return useSyncExternalStore(subscribe, readerPrefs);
}
