// Launch events: each launch of the schedule is compared with what the engine
// saw last (alert_subjects), and every enabled launch rule that wants an event
// gets its alert. The memory is written in the same transaction as the alerts,
// so a restart neither repeats nor loses a change.
import type { DB } from '../db/database';
import type { AlertRow } from '../db/tables';
import { cancelGroups, enqueue, type Enqueue } from './outbox';
import {
  enabledRuleChannels,
  enabledRules,
  findSubjects,
  ruleChannels,
  saveSubjects,
} from './repository';
import { parseRules, type ParsedRule } from './rules';
import type { AlertSources } from './sources';
import {
  countdownIntents,
  countdownStale,
  launchChanges,
  launchEventWanted,
  launchScopeMatches,
  type LaunchIntent,
  type LaunchMemory,
} from './triggers/launch';
import type { LaunchSnapshot } from './triggers/types';

const SUBJECT = 'launch';

/** What is stored per launch: the snapshot and its countdown generation. */
type Stored = LaunchSnapshot & LaunchMemory;

function parseStored(text: string): Stored | undefined {
  try {
    return JSON.parse(text) as Stored;
  } catch {
    return undefined;
  }
}

async function matching(
  db: DB,
  sources: AlertSources,
  rules: ParsedRule<'launch'>[],
  found: { launch: LaunchSnapshot; intents: LaunchIntent[] }[],
): Promise<Enqueue[]> {
  if (rules.length === 0 || found.every((f) => f.intents.length === 0)) return [];
  const followers = rules.filter((r) => r.parsed.scope === 'followed').map((r) => r.user_id);
  const followed =
    followers.length > 0 ? await sources.followedLaunches([...new Set(followers)]) : new Map();
  const channels =
    rules.length === 1
      ? await ruleChannels(db, [rules[0].id])
      : await enabledRuleChannels(db, 'launch');
  const out: Enqueue[] = [];
  for (const { launch, intents } of found) {
    if (intents.length === 0) continue;
    for (const rule of rules) {
      const follows = followed.get(rule.user_id)?.has(launch.id) ?? false;
      if (!launchScopeMatches(rule.parsed, launch, follows)) continue;
      const target = {
        id: rule.id,
        user_id: rule.user_id,
        enabled_at: rule.enabled_at,
        channelIds: channels.get(rule.id) ?? [],
      };
      for (const intent of intents)
        if (launchEventWanted(rule.parsed, intent)) out.push({ rule: target, intent });
    }
  }
  return out;
}

export async function detectLaunches(
  deps: { db: DB; sources: AlertSources },
  now: number,
): Promise<{ launchAlerts: number; launchesSeen: number }> {
  const { db, sources } = deps;
  const launches = await sources.launches(now);
  if (!launches) return { launchAlerts: 0, launchesSeen: 0 };
  const stored = await findSubjects(
    db,
    SUBJECT,
    launches.map((l) => l.id),
  );
  const changes = launches.map((launch) => {
    const prev = parseStored(stored.get(launch.id) ?? '');
    return { launch, prev, ...launchChanges(prev, launch, now) };
  });
  const changed = changes.filter((c) => c.intents.length > 0 || c.cancel.length > 0);
  const memories = new Map(
    changes.map((c) => [c.launch.id, JSON.stringify({ ...c.launch, ...c.memory })]),
  );
  let launchAlerts = 0;
  const rules = changed.length > 0 ? parseRules(await enabledRules(db, 'launch'), 'launch') : [];
  const alerts = await matching(db, sources, rules, changed);
  await db.transaction().execute(async (tx) => {
    for (const c of changed) await cancelGroups(tx, c.cancel, now);
    launchAlerts = await enqueue(tx, alerts, now);
    await saveSubjects(tx, SUBJECT, memories, now);
  });
  return { launchAlerts, launchesSeen: launches.length };
}

/**
 * The claimed countdowns that no longer apply (the launch moved, was held, flew),
 * with the reason each is cancelled.
 */
export async function staleCountdowns(db: DB, alerts: AlertRow[]): Promise<Map<number, string>> {
  const countdowns = alerts.filter((a) => a.kind === 'launch.countdown');
  const stale = new Map<number, string>();
  if (countdowns.length === 0) return stale;
  const ids = countdowns.map((a) => a.group_key?.split(':')[1] ?? '');
  const stored = await findSubjects(db, SUBJECT, [...new Set(ids)]);
  countdowns.forEach((alert, i) => {
    const key = alert.identity.slice(alert.identity.indexOf('|') + 1);
    const reason = countdownStale(parseStored(stored.get(ids[i]) ?? ''), key);
    if (reason) stale.set(alert.id, reason);
  });
  return stale;
}

/** A launch rule just turned on: the countdowns still ahead of the launches already known. */
export async function scheduleLaunchRule(
  deps: { db: DB; sources: AlertSources },
  rule: ParsedRule<'launch'>,
  now: number,
): Promise<number> {
  const { db, sources } = deps;
  if (rule.parsed.before.length === 0) return 0;
  const found = [...(await findSubjects(db, SUBJECT)).values()]
    .map(parseStored)
    .filter((s): s is Stored => s !== undefined)
    .map((s) => ({ launch: s as LaunchSnapshot, intents: countdownIntents(s, s, now) }));
  return enqueue(db, await matching(db, sources, [rule], found), now);
}
