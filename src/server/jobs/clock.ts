// Time for the job framework. The runner reads the time only through a Clock,
// so tests move time forward by hand instead of sleeping.
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ManualClock extends Clock {
  set(at: number | Date): void;
  advance(ms: number): void;
}

/** A clock that stands still until a test moves it. */
export function manualClock(start: number | Date): ManualClock {
  let at = +start;
  return {
    now: () => at,
    set: (to) => {
      at = +to;
    },
    advance: (ms) => {
      at += ms;
    },
  };
}
