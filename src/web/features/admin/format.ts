// How the admin panel shows times and figures.

/** "Wednesday, November 25 at 6:00 AM EST": weekday, month, day, time with time zone (spec 001 §2). */
export function formatNextRun(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** "Nov 25, 6:00:12 AM" for run history. */
export function formatRunTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));
}

const FIGURE_LABELS: Record<string, string> = {
  deletedCount: 'deleted',
  newItemsAdded: 'new items',
  sourcesFetched: 'sources fetched',
  jobRunsDeleted: 'old runs removed',
  slot: 'slot',
  briefing: 'briefing',
};

/** "2 deleted · 14 new items": a run's figures in words. */
export function formatFigures(figures: Record<string, unknown> | null): string {
  if (!figures) return '';
  return Object.entries(figures)
    .map(([key, value]) => {
      const label = FIGURE_LABELS[key] ?? key;
      if (typeof value === 'boolean') return `${label}: ${value ? 'yes' : 'no'}`;
      return typeof value === 'number' ? `${value} ${label}` : `${label}: ${String(value)}`;
    })
    .join(' · ');
}

/** Whole seconds a run took, or null while it runs. */
export function runSeconds(startedAt: string, finishedAt: string | null): number | null {
  if (!finishedAt) return null;
  return Math.max(0, Math.round((Date.parse(finishedAt) - Date.parse(startedAt)) / 1000));
}
