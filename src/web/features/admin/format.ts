// How the admin panel shows times and figures.
import { formatDateTime } from '../../lib/format';

/** "Wednesday, Nov 25, 2026, 6:00 AM EST": weekday, month, day, time with time zone (spec 001 §2), in the app's one format. */
export const formatNextRun = (iso: string) =>
  formatDateTime(iso, { weekday: true, zoneName: true });

/** "Nov 25, 2026, 6:00 AM" for run history (the app's one format). */
export const formatRunTime = (iso: string) => formatDateTime(iso);

/** Each figure's words, for one and for many ("1 source fetched", "17 sources fetched"). */
const FIGURE_LABELS: Record<string, [one: string, many: string]> = {
  deletedCount: ['deleted', 'deleted'],
  savedKeptCount: ['saved story kept', 'saved stories kept'],
  newItemsAdded: ['new item', 'new items'],
  sourcesFetched: ['source fetched', 'sources fetched'],
  sourcesFailed: ['failed', 'failed'],
  jobRunsDeleted: ['old run removed', 'old runs removed'],
  llCalls: ['Launch Library call', 'Launch Library calls'],
  launchesAdded: ['new launch', 'new launches'],
  launchesChanged: ['launch changed', 'launches changed'],
  sitesAsked: ['site asked for its icon', 'sites asked for their icons'],
  iconsFound: ['icon found', 'icons found'],
  slot: ['slot', 'slot'],
  briefing: ['briefing', 'briefing'],
};

/** "2 deleted · 14 new items · 1 source fetched": a run's figures in words. */
export function formatFigures(figures: Record<string, unknown> | null): string {
  if (!figures) return '';
  return Object.entries(figures)
    .map(([key, value]) => {
      const [one, many] = FIGURE_LABELS[key] ?? [key, key];
      if (typeof value === 'boolean') return `${many}: ${value ? 'yes' : 'no'}`;
      return typeof value === 'number'
        ? `${value} ${value === 1 ? one : many}`
        : `${many}: ${String(value)}`;
    })
    .join(' · ');
}

/** Whole seconds a run took, or null while it runs. */
export function runSeconds(startedAt: string, finishedAt: string | null): number | null {
  if (!finishedAt) return null;
  return Math.max(0, Math.round((Date.parse(finishedAt) - Date.parse(startedAt)) / 1000));
}
