// Clustering a set of items against a window, and what it changes: shared by
// the after-store step (a fetch's new items against the stored window) and by
// re-clustering (a whole range from scratch). Pure: no database here.
import { chooseStory, type StoryThresholds, type WindowMember } from './assign';
import { isBetter } from './primary';

/** An item with its rank and its story key (storyId: the story's id, or its own id while alone). */
export interface Node extends WindowMember {
  rank: number;
}

/** An item's story row as stored; absent for an item alone. */
export interface CurrentMembership {
  story_id: number;
  story_rank: number;
  story_top: 0 | 1;
}

/** A story row to write; story_id null: the item now stands alone. */
export interface MembershipUpdate {
  item_id: number;
  story_id: number | null;
  source_id: number;
  published_at: number;
  story_rank: number;
  story_top: 0 | 1;
}

type Member = Pick<Node, 'id' | 'rank' | 'storyId' | 'sourceId' | 'publishedAt'>;

/**
 * Assigns each candidate, in publication order, to the best story among the
 * nodes within reach (nodes already placed, and candidates placed before it).
 * Mutates the candidates' `storyId`; answers the story keys they went to.
 */
export function assignAll(
  placed: Node[],
  candidates: Node[],
  t: StoryThresholds,
  apart: (a: number, b: number) => boolean,
): Set<number> {
  const reach = t.maxAgeMs + t.maxGapMs;
  const waiting = new Set(candidates);
  const window = placed.filter((n) => !waiting.has(n));
  window.sort((a, b) => a.publishedAt - b.publishedAt);
  const ordered = candidates.toSorted((a, b) => a.publishedAt - b.publishedAt || a.id - b.id);
  const touched = new Set<number>();
  for (const item of ordered) {
    const near = window.filter((n) => Math.abs(n.publishedAt - item.publishedAt) <= reach);
    const match = chooseStory(item, near, t, apart);
    item.storyId = match?.storyId ?? item.id;
    touched.add(item.storyId);
    insertSorted(window, item);
  }
  return touched;
}

function insertSorted(list: Node[], node: Node) {
  let i = list.length;
  while (i > 0 && list[i - 1].publishedAt > node.publishedAt) i--;
  list.splice(i, 0, node);
}

/**
 * The story rows each member of the given stories should have: the story's id
 * is its lowest item id, the best member is the top, an item alone has no row.
 * Answers only the rows that differ from `current`.
 */
export function membershipUpdates(
  nodes: readonly Member[],
  stories: ReadonlySet<number>,
  current: ReadonlyMap<number, CurrentMembership>,
): MembershipUpdate[] {
  const groups = new Map<number, Member[]>();
  for (const n of nodes) {
    if (!stories.has(n.storyId)) continue;
    groups.set(n.storyId, [...(groups.get(n.storyId) ?? []), n]);
  }
  const updates: MembershipUpdate[] = [];
  for (const members of groups.values()) {
    const alone = members.length === 1;
    const storyId = Math.min(...members.map((m) => m.id));
    const top = members.reduce((best, m) => (isBetter(m, best) ? m : best));
    for (const m of members) {
      const was = current.get(m.id);
      const row = { item_id: m.id, source_id: m.sourceId, published_at: m.publishedAt };
      if (alone) {
        if (was) updates.push({ ...row, story_id: null, story_rank: 0, story_top: 1 });
        continue;
      }
      const want = { story_id: storyId, story_rank: m.rank, story_top: m === top ? 1 : 0 } as const;
      if (
        !was ||
        was.story_id !== want.story_id ||
        was.story_rank !== want.story_rank ||
        was.story_top !== want.story_top
      )
        updates.push({ ...row, ...want });
    }
  }
  return updates;
}
