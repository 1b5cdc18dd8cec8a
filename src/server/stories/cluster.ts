// Clustering a set of items against a window, and what it changes: shared by
// the after-store step (a fetch's new items against the stored window) and by
// re-clustering (a whole range from scratch). Pure: no database here.
import { chooseStory, type StoryThresholds, type WindowMember } from './assign';
import type { StoryFeatures } from './features';
import { isBetter } from './primary';

/** An item with its rank and its story key (storyId: the story's id, or its own id while alone). */
export interface Node extends WindowMember {
  rank: number;
}

export interface CurrentMembership {
  story_id: number | null;
  story_rank: number;
  story_top: 0 | 1;
}

export interface MembershipUpdate extends CurrentMembership {
  id: number;
}

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
 * The story columns each member of the given stories should have: the story's
 * id is its lowest item id (null for an item alone), the best member is the
 * top. Answers only the rows that differ from `current`.
 */
export function membershipUpdates(
  nodes: ReadonlyArray<Pick<Node, 'id' | 'rank' | 'storyId'>>,
  stories: ReadonlySet<number>,
  current: ReadonlyMap<number, CurrentMembership>,
): MembershipUpdate[] {
  const groups = new Map<number, Array<Pick<Node, 'id' | 'rank' | 'storyId'>>>();
  for (const n of nodes) {
    if (!stories.has(n.storyId)) continue;
    groups.set(n.storyId, [...(groups.get(n.storyId) ?? []), n]);
  }
  const updates: MembershipUpdate[] = [];
  for (const members of groups.values()) {
    const alone = members.length === 1;
    const storyId = alone ? null : Math.min(...members.map((m) => m.id));
    const top = members.reduce((best, m) => (isBetter(m, best) ? m : best));
    for (const m of members) {
      const want: CurrentMembership = {
        story_id: storyId,
        // An item alone keeps what it has: nothing to order it against.
        story_rank: alone ? (current.get(m.id)?.story_rank ?? 0) : m.rank,
        story_top: m === top ? 1 : 0,
      };
      const was = current.get(m.id);
      if (
        !was ||
        was.story_id !== want.story_id ||
        was.story_rank !== want.story_rank ||
        was.story_top !== want.story_top
      )
        updates.push({ id: m.id, ...want });
    }
  }
  return updates;
}

export type { StoryFeatures };
