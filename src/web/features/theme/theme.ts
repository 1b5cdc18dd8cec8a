// Theme (spec 001 §4): light, dark or auto. Auto follows the system preference
// live; Light and Dark set or clear the `dark` class on <body>. The choice is
// kept under STORAGE_KEYS.theme, which public/theme-init.js reads before paint.
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants';

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();
let current: Theme | null = null;

function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.theme);
    if (saved && (THEMES as readonly string[]).includes(saved)) return saved as Theme;
  } catch (e) {
    console.error('Could not read the saved theme', e);
  }
  // Nothing saved: theme-init.js applied "auto"; without storage, trust the body.
  return document.body.classList.contains('dark')
    ? darkQuery().matches
      ? 'auto'
      : 'dark'
    : darkQuery().matches
      ? 'light'
      : 'auto';
}

function apply(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'auto' && darkQuery().matches);
  document.body.classList.toggle('dark', dark);
}

export function getTheme(): Theme {
  if (current === null) {
    current = initialTheme();
    darkQuery().addEventListener('change', () => {
      if (current === 'auto') apply('auto');
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

/** The chosen theme and whether the page is dark right now. */
export function useTheme(): { theme: Theme; isDark: boolean; setTheme: (t: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, getTheme);
  const isDark = useSyncExternalStore(subscribe, () => document.body.classList.contains('dark'));
  return { theme, isDark, setTheme };
}
