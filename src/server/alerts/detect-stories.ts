// The stories trigger: new stories matching a rule's search (the feed's own
// full-text search), topic or sources, found by each rule's item-id high-water
// mark. Matches that arrive within a minute of each other are one alert: it
// collects until a minute passes without a new match (five at most).
import type { DB, Dialect } from '../db/database';
import {
  itemsInRange,
  latestItemId,
  searchIdsInRange,
  switchedOffSources,
  type NewItem,
} from '../news/new-items';
import { appendToCollecting, enqueue } from './outbox';
import { advanceCursors, enabledRules, ruleChannels, saveRuleCursor } from './repository';
import { parseTrigger } from './rules';
import type { AlertSources } from './sources';
import type { AlertPayload, StoryRef } from './triggers/types';

/**
 * A group closes when no match was seen for this long (the job looks every
 * minute, so matches up to a minute apart still join)…
 */
export const GROUP_QUIET_MS = 90_000;
/** …or this long after it began, whichever comes first. */
export const GROUP_MAX_MS = 5 * 60_000;
/** Items read in one look; a rule far behind catches up over several. */
const ITEMS_PER_LOOK = 5000;
/** Titles kept in an alert (the digest shows five). */
const ITEMS_KEPT = 20;

type StoriesPayload = Extract<AlertPayload, { type: 'stories' }>;

const ref = (i: NewItem): StoryRef => ({
  id: i.id,
  title: i.title,
  url: i.url,
  source: i.source_name,
});

export async function detectStories(
  deps: { db: DB; dialect: Dialect; sources: AlertSources },
  now: number,
): Promise<{ storyAlerts: number; storiesMatched: number }> {
  const { db, dialect, sources } = deps;
  const figures = { storyAlerts: 0, storiesMatched: 0 };
  const rules = (await enabledRules(db, 'stories')).map((r) => ({
    ...r,
    trigger: parseTrigger(r.trigger, 'stories'),
  }));
  if (rules.length === 0) return figures;
  const latest = await latestItemId(db);
  const behind = rules.filter((r) => (r.cursor ?? 0) < latest);
  if (behind.length === 0) return figures;
  const from = Math.min(...behind.map((r) => r.cursor ?? 0));
  const upTo = Math.min(latest, from + ITEMS_PER_LOOK);
  const items = await itemsInRange(db, from, upTo);

  const queries = new Map<string, Set<number>>();
  for (const q of new Set(behind.map((r) => r.trigger.query).filter((text) => text !== undefined)))
    queries.set(q, await searchIdsInRange(db, dialect, q, from, upTo));
  const topics = new Map<string, Set<number>>();
  for (const t of new Set(behind.map((r) => r.trigger.topic).filter((name) => name !== undefined)))
    topics.set(
      t,
      await sources.storiesAboutTopic(
        t,
        items.map((i) => i.id),
      ),
    );
  const switchedOff = await switchedOffSources(
    db,
    [...new Set(behind.map((r) => r.user_id))],
    [...new Set(items.map((i) => i.source_id))],
  );

  const matches = new Map<number, NewItem[]>();
  for (const rule of behind) {
    const { query, topic, sourceIds } = rule.trigger;
    const chosen = sourceIds ? new Set(sourceIds) : null;
    const off = switchedOff.get(rule.user_id);
    const found = items.filter((i) => {
      if (i.id <= (rule.cursor ?? 0)) return false;
      // Sources the user may see: default ones and their own; never another user's.
      if (i.source_user_id !== null && i.source_user_id !== rule.user_id) return false;
      if (chosen) {
        if (!chosen.has(i.source_id)) return false;
      } else if (i.source_enabled !== 1 || off?.has(i.source_id)) return false;
      if (query !== undefined && !queries.get(query)?.has(i.id)) return false;
      if (topic !== undefined && !topics.get(topic)?.has(i.id)) return false;
      return true;
    });
    if (found.length > 0) matches.set(rule.id, found);
  }

  const channels = await ruleChannels(db, [...matches.keys()]);
  for (const rule of behind) {
    const found = matches.get(rule.id);
    if (!found) continue;
    figures.storiesMatched += found.length;
    const { query, topic } = rule.trigger;
    await db.transaction().execute(async (tx) => {
      const appended = await appendToCollecting(
        tx,
        rule.id,
        (text, createdAt) => {
          if (createdAt + GROUP_MAX_MS <= now) return null;
          const payload = JSON.parse(text) as StoriesPayload;
          return {
            payload: JSON.stringify({
              ...payload,
              total: payload.total + found.length,
              items: [...payload.items, ...found.map(ref)].slice(0, ITEMS_KEPT),
            } satisfies StoriesPayload),
            dueAt: Math.min(now + GROUP_QUIET_MS, createdAt + GROUP_MAX_MS),
          };
        },
        now,
      );
      if (!appended) {
        figures.storyAlerts += await enqueue(
          tx,
          [
            {
              rule: {
                id: rule.id,
                user_id: rule.user_id,
                enabled_at: rule.enabled_at,
                channelIds: channels.get(rule.id) ?? [],
              },
              intent: {
                key: `stories:${found[0].id}`,
                kind: 'stories',
                dueAt: now + GROUP_QUIET_MS,
                group: `stories:${rule.id}`,
                payload: {
                  type: 'stories',
                  total: found.length,
                  items: found.slice(0, ITEMS_KEPT).map(ref),
                  ...(query !== undefined && { query }),
                  ...(topic !== undefined && { topic }),
                },
              },
            },
          ],
          now,
        );
      }
      await saveRuleCursor(tx, rule.id, upTo, now);
    });
  }
  // Rules with nothing new move on together.
  const quiet = behind.filter((r) => !matches.has(r.id)).map((r) => r.id);
  await advanceCursors(db, quiet, upTo, now);
  return figures;
}
