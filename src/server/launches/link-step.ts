// Links stories to launches as they are stored (an after-store step on the
// ingestion thread, in the store's transaction): the launch ids a source
// names itself (the Spaceflight News API's `launches[].launch_id`), else the
// launches the story names (linking.ts) among those with a NET within 3 days
// of it. One look-up of the launches around the whole batch, names worked
// out once per launch, so a batch of 1,000 stories costs milliseconds.
// Odd data cannot make it throw: every field it reads is checked first.
import type { AfterStoreStep, StoredItem } from '../ingest/after-store';
import type { Tx } from '../db/database';
import { LruMap } from '../lru-map';
import {
  launchNames,
  linkCandidates,
  linkStory,
  type LaunchNames,
  type LinkCandidates,
} from './linking';
import { replaceLinks, type NewLink } from './links';
import { launchesWithNetBetween, rowToRecord, storeVersion, type LaunchRow } from './repository';

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

/** A launch's names, worked out once per version of its record (names.ts is not free). */
const named = new LruMap<string, LaunchNames>({ maxEntries: 5000 });

function namesOf(row: LaunchRow): LaunchNames {
  const key = `${row.id}|${row.last_updated}|${row.name}`;
  let names = named.get(key);
  if (!names) named.set(key, (names = launchNames({ ...rowToRecord(row), net: row.net ?? 0 })));
  return { ...names, net: row.net ?? 0 };
}

async function candidatesBetween(tx: Tx, from: number, to: number): Promise<LinkCandidates> {
  const rows = await launchesWithNetBetween(tx, from, to, NEARBY_MAX);
  return linkCandidates(rows.filter((r) => r.net !== null).map(namesOf));
}

/**
 * The shared set: the launches within ±45 days of when it was built, per database
 * (known by its configuration object: one per server, one per ingestion thread).
 */
const WIDE_MS = 45 * DAY_MS;
const REBUILD_AFTER_MS = DAY_MS;
const shared = new WeakMap<object, { version: number; at: number; candidates: LinkCandidates }>();

async function candidatesFor(
  tx: Tx,
  database: object,
  items: readonly StoredItem[],
  now: number,
): Promise<LinkCandidates | null> {
  const times = items.map((i) => i.item.publishedAt).filter((t) => Number.isFinite(t));
  if (times.length === 0) return null;
  const [first, last] = [Math.min(...times), Math.max(...times)];
  const version = await storeVersion(tx);
  let held = shared.get(database);
  if (!held || held.version !== version || Math.abs(now - held.at) > REBUILD_AFTER_MS) {
    held = {
      version,
      at: now,
      candidates: await candidatesBetween(tx, now - WIDE_MS, now + WIDE_MS),
    };
    shared.set(database, held);
  }
  const covered = held.at - WIDE_MS + NEARBY_MS <= first && last <= held.at + WIDE_MS - NEARBY_MS;
  return covered ? held.candidates : candidatesBetween(tx, first - NEARBY_MS, last + NEARBY_MS);
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
    const candidates = byNames.length
      ? await candidatesFor(tx, context.config, byNames, context.now)
      : null;
    if (candidates && candidates.launches.length > 0) {
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
