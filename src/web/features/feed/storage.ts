// Local-storage access for the feed: view preference, refresh cool-down and the
// rocket page's last fetch. Storage problems are only logged (spec §8).
import { STORAGE_KEYS } from '../../../shared/constants';

export type ViewMode = 'card' | 'list';

/** Where the launch page keeps its last fetch result (spec 001 §3 "Rocket fetch result"). */
export const ROCKET_FETCH_KEY = 'astrodash:rocket-last-fetch';

export interface RocketFetchRecord {
  status: 'success' | 'error';
  timestamp: number;
  newItemsAdded?: number;
  sourcesFetched?: number;
  error?: string;
}

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

export function readRocketFetch(): RocketFetchRecord | null {
  const raw = readStorage(ROCKET_FETCH_KEY);
  if (!raw) return null;
  try {
    const rec = JSON.parse(raw) as RocketFetchRecord;
    return typeof rec?.timestamp === 'number' ? rec : null;
  } catch {
    return null;
  }
}
