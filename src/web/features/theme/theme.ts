// Theme (spec 001 §4): light, dark or auto, and night vision (issue 28). Auto follows
// the system preference live; Light and Dark set or clear the `dark` class on <body>;
// Night vision sets `night` (red on black) instead. The choice is kept under
// STORAGE_KEYS.theme as `light`, `dark`, `system` or `night`; the `auto` that
// earlier versions stored still reads as `system`. public/theme-init.js applies it
// before paint.
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants';

export const THEMES = ['light', 'dark', 'system', 'night'] as const;
export type Theme = (typeof THEMES)[number];

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();
let current: Theme | null = null;

/** A stored value → a theme; `auto` (stored before issue 28) is `system`. */
export function parseTheme(saved: string | null): Theme | null {
  if (saved === 'auto') return 'system';
  return saved && (THEMES as readonly string[]).includes(saved) ? (saved as Theme) : null;
}

function initialTheme(): Theme {
  try {
    const saved = parseTheme(localStorage.getItem(STORAGE_KEYS.theme));
    if (saved) return saved;
  } catch (e) {
    console.error('Could not read the saved theme', e);
  }
  // Nothing saved: theme-init.js applied "system"; without storage, trust the body.
  if (document.body.classList.contains('night')) return 'night';
  return document.body.classList.contains('dark')
    ? darkQuery().matches
      ? 'system'
      : 'dark'
    : darkQuery().matches
      ? 'light'
      : 'system';
}

function apply(theme: Theme) {
  const night = theme === 'night';
  const dark = theme === 'dark' || (theme === 'system' && darkQuery().matches);
  document.body.classList.toggle('dark', dark && !night);
  document.body.classList.toggle('night', night);
}

export function getTheme(): Theme {
  if (current === null) {
    current = initialTheme();
    darkQuery().addEventListener('change', () => {
      if (current === 'system') apply('system');
      listeners.forEach((l) => l());
    });
  }
  return current;
}

export function setTheme(theme: Theme) {
  getTheme();
  current = theme;
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch (e) {
    console.error('Could not save the theme', e);
  }
  apply(theme);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme and whether the page is dark (or red on black) right now. */
export function useTheme(): {
  theme: Theme;
  isDark: boolean;
  isNight: boolean;
  setTheme: (t: Theme) => void;
} {
  const theme = useSyncExternalStore(subscribe, getTheme);
  const isDark = useSyncExternalStore(subscribe, () => document.body.classList.contains('dark'));
  const isNight = useSyncExternalStore(subscribe, () => document.body.classList.contains('night'));
  return { theme, isDark, isNight, setTheme };
}
