// Fever's groups are the labels (sync/labels.ts), numbered: 1 is Launches, 2 is
// AI Briefings, and a folder is its row id + 2, stable while the folder exists.
import { BRIEFINGS_LABEL, LAUNCHES_LABEL, labelNames, type SyncView } from '../labels';

const BUILT_IN_IDS: Record<string, number> = { [LAUNCHES_LABEL]: 1, [BRIEFINGS_LABEL]: 2 };
const FOLDER_OFFSET = 2;

export interface FeverGroup {
  id: number;
  title: string;
  feedIds: number[];
}

/** Every label as a group, with the feeds in it. A folder wins a name it shares with a built-in label. */
export function groupsOf(view: SyncView): FeverGroup[] {
  return labelNames(view).map((title) => {
    const folder = view.folders.find((f) => f.name === title);
    return {
      id: folder ? folder.id + FOLDER_OFFSET : BUILT_IN_IDS[title],
      title,
      feedIds: view.subscriptions.filter((s) => s.labels.includes(title)).map((s) => s.id),
    };
  });
}

export const feedsGroups = (groups: FeverGroup[]) =>
  groups
    .filter((g) => g.feedIds.length > 0)
    .map((g) => ({ group_id: g.id, feed_ids: g.feedIds.join(',') }));
