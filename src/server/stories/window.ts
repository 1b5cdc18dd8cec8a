// The recent items the clusterer compares with, held in memory by the thread
// that ingests (one copy per thread). Reading 5,000 rows from the database for
// every fetch cost more than the clustering itself (bench/README.md, stories),
// so the copy is read once and then kept current by this thread's own writes.
// It is read again when it may be stale: another writer of stories (another
// ingestion thread or instance, a split, a re-clustering) replaced the token in
// story_state, or the number of remembered items differs (items were deleted:
// the purge, the per-source cap). A write that rolls back leaves the database's
// token as it was, which no longer matches the copy's: read again too.
import type { Tx } from '../db/database';
import type { CurrentMembership, Node } from './cluster';
import { fromStored } from './features';
import { countRemembered, storiesToken, windowRows } from './repository';

/** Past this many items, nothing is kept in memory and every call reads the window. */
const MAX_KEPT = 60_000;

export interface Entry {
  node: Node;
  current: CurrentMembership | undefined;
}

interface Copy {
  token: string;
  /** Every remembered item published from here on is in `entries`. */
  from: number;
  entries: Map<number, Entry>;
}

let copy: Copy | null = null;

async function read(tx: Tx, from: number, token: string): Promise<Copy> {
  const entries = new Map<number, Entry>();
  for (const r of await windowRows(tx, from)) {
    entries.set(r.item_id, {
      node: {
        id: r.item_id,
        sourceId: r.source_id,
        publishedAt: r.published_at,
        rank: r.rank,
        storyId: r.story_id ?? r.item_id,
        features: fromStored(r),
      },
      current:
        r.story_id === null
          ? undefined
          : { story_id: r.story_id, story_rank: r.story_rank ?? 0, story_top: r.story_top ?? 0 },
    });
  }
  return { token, from, entries };
}

/**
 * The remembered items published from `from` on, with their stories: this
 * thread's copy when it is current, else read again. Hand the copy's changes
 * back with `keep` once written.
 */
export async function remembered(tx: Tx, from: number): Promise<Map<number, Entry>> {
  const token = await storiesToken(tx);
  let current = copy;
  if (
    !current ||
    current.token !== token ||
    from < current.from ||
    (await countRemembered(tx, current.from)) !== current.entries.size
  ) {
    current = await read(tx, from, token);
  }
  copy = current.entries.size <= MAX_KEPT ? current : null;
  return current.entries;
}

/** Records this thread's own writes in its copy: `token` is the one it wrote. */
export function keep(token: string, forgetBefore: number): void {
  if (!copy) return;
  copy.token = token;
  if (forgetBefore > copy.from) {
    for (const [id, e] of copy.entries)
      if (e.node.publishedAt < forgetBefore) copy.entries.delete(id);
    copy.from = forgetBefore;
  }
}
