// Local-storage access for the feed: view preference and refresh cool-down.
// Storage problems are only logged (spec §8).
import { STORAGE_KEYS } from '../../../shared/constants';

export type ViewMode = 'card' | 'list';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (e) {
    console.error('Could not read local storage', e);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (e) {
    console.error('Could not write local storage', e);
  }
}

export function readViewMode(): ViewMode {
  return readStorage(STORAGE_KEYS.viewPreference) === 'list' ? 'list' : 'card';
}

export function readLastRefresh(): number | null {
  const n = Number(readStorage(STORAGE_KEYS.lastRefresh));
  return Number.isFinite(n) && n > 0 ? n : null;
}
