// What the reader apps see of a user's sources: a subscription per source in
// the user's feed (the Sources tab's own list and rules), each with its labels:
// the user's folder for it, plus the built-in labels "Launches" (the launch
// schedule) and "AI Briefings" (the briefing sources), which cannot be renamed.
import type { NewsSource } from '../../shared/types';
import type { DB } from '../db/database';
import { foldersBySource, listFoldersFor, type FolderRef } from '../sources/folders';
import { listSourcesFor } from '../sources/service';

export const LAUNCHES_LABEL = 'Launches';
export const BRIEFINGS_LABEL = 'AI Briefings';
export const BUILT_IN_LABELS: readonly string[] = [LAUNCHES_LABEL, BRIEFINGS_LABEL];

const byName = new Intl.Collator('en', { sensitivity: 'base' });

export interface Subscription {
  id: number;
  source: NewsSource;
  folder: FolderRef | null;
  labels: string[];
}

function builtInLabelOf(source: NewsSource): string | null {
  if (source.sourceType === 'rocket_launch') return LAUNCHES_LABEL;
  if (source.builtIn) return BRIEFINGS_LABEL;
  return null;
}

export interface SyncView {
  /** The sources in the user's feed, in the Sources tab's order. */
  subscriptions: Subscription[];
  /** Every source the user may see (switched-off defaults too), by id. */
  visible: Map<number, Subscription>;
  /** The user's folders, by name. */
  folders: FolderRef[];
}

/** The user's sources as the reader apps see them. */
export async function syncView(db: DB, userId: number): Promise<SyncView> {
  const [sources, folderOf, folders] = await Promise.all([
    listSourcesFor(db, userId),
    foldersBySource(db, userId),
    listFoldersFor(db, userId),
  ]);
  const visible = new Map<number, Subscription>();
  for (const source of sources) {
    const id = Number(source.id);
    const folder = folderOf.get(id) ?? null;
    const builtIn = builtInLabelOf(source);
    const labels = [...(folder ? [folder.name] : []), ...(builtIn ? [builtIn] : [])];
    visible.set(id, { id, source, folder, labels: [...new Set(labels)] });
  }
  const subscriptions = [...visible.values()].filter((s) => s.source.isEnabled);
  return { subscriptions, visible, folders };
}

/** Every label name in use: the user's folders and the built-in labels that have a source. */
export function labelNames(view: SyncView): string[] {
  const names = new Set(view.folders.map((f) => f.name));
  for (const s of view.subscriptions) for (const l of s.labels) names.add(l);
  return [...names].toSorted(byName.compare);
}

/** The subscriptions a label holds (none for an unknown label). */
export function sourcesOfLabel(view: SyncView, label: string): number[] {
  return view.subscriptions.filter((s) => s.labels.includes(label)).map((s) => s.id);
}
