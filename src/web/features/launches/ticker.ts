// One clock for every countdown on the page: a single timer, started while
// something watches it, so a page of launches re-renders once a second, not once
// per launch per second.
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current time, updated every second while the component is shown. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
