// Links stories to launches as they are stored (an after-store step on the
// ingestion thread, in the store's transaction): the launch ids a source
// names itself (the Spaceflight News API's `launches[].launch_id`), else the
// launches the story names (linking.ts) among those with a NET within 3 days
// of it. One look-up of the launches around the whole batch, names worked
// out once per launch, so a batch of 1,000 stories costs milliseconds.
// Odd data cannot make it throw: every field it reads is checked first.
import type { AfterStoreStep, StoredItem } from '../ingest/after-store';
import type { Tx } from '../db/database';
import { launchNames, linkCandidates, linkStory, type LaunchNames } from './linking';
import { replaceLinks, type NewLink } from './links';
import { launchesWithNetBetween, rowToRecord } from './repository';

const DAY_MS = 24 * 3_600_000;
/** Launches looked at around a story: named ones this far off keep its links to itself. */
const NEARBY_MS = 14 * DAY_MS;
/** Launches read for one batch at most. */
const NEARBY_MAX = 2000;
const LAUNCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The launch ids an item's source gave it (snapi.ts), checked. */
function explicitIds(item: StoredItem): string[] {
  const extra = item.item.extra;
  if (!extra || !extra.includes('"launchIds"')) return [];
  let ids: unknown;
  try {
    ids = (JSON.parse(extra) as { launchIds?: unknown }).launchIds;
  } catch {
    return [];
  }
  if (!Array.isArray(ids)) return [];
  return ids
    .filter((id): id is string => typeof id === 'string' && LAUNCH_ID.test(id))
    .slice(0, 20);
}

async function nearbyLaunches(tx: Tx, items: readonly StoredItem[]): Promise<LaunchNames[]> {
  const times = items.map((i) => i.item.publishedAt).filter((t) => Number.isFinite(t));
  if (times.length === 0) return [];
  const rows = await launchesWithNetBetween(
    tx,
    Math.min(...times) - NEARBY_MS,
    Math.max(...times) + NEARBY_MS,
    NEARBY_MAX,
  );
  return rows
    .filter((r) => r.net !== null)
    .map((r) => launchNames({ ...rowToRecord(r), net: r.net! }));
}

export const launchLinkStep: AfterStoreStep = {
  name: 'launch-links',
  async run(tx, items, context) {
    // A launch's own feed item is the launch, not a story about it.
    if (context.sourceType === 'rocket_launch' || items.length === 0) return;
    const links: NewLink[] = [];
    const byNames: StoredItem[] = [];
    for (const stored of items) {
      const ids = explicitIds(stored);
      if (ids.length === 0) byNames.push(stored);
      for (const id of ids)
        links.push({
          item_id: stored.id,
          launch_id: id,
          method: 'id',
          published_at: stored.item.publishedAt,
        });
    }
    const nearby = byNames.length ? await nearbyLaunches(tx, byNames) : [];
    if (nearby.length > 0) {
      const candidates = linkCandidates(nearby);
      for (const stored of byNames) {
        const { title, summaryText, publishedAt } = stored.item;
        for (const id of linkStory({ title, summary: summaryText, publishedAt }, candidates))
          links.push({
            item_id: stored.id,
            launch_id: id,
            method: 'names',
            published_at: publishedAt,
          });
      }
    }
    // New stories have no links yet; rewritten ones are linked afresh.
    const rewritten = items.filter((i) => !i.isNew).map((i) => i.id);
    await replaceLinks(tx, rewritten, links, context.now);
  },
};
