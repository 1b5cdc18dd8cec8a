// Per-place triggers: aurora, tonight's Go, ISS passes and sky events. Each
// kind asks its source for the places of the users with enabled rules, runs the
// pure trigger, and stores the alerts with the rule's memory in one transaction.
import type { TriggerKind } from '../../shared/alerts';
import type { DB } from '../db/database';
import type { AlertRuleRow } from '../db/tables';
import { clockMinutes, localParts } from '../local-time';
import { enqueue } from './outbox';
import { enabledRules, ruleChannels, saveRuleStates, settingsFor } from './repository';
import { parseRules, ruleMemory, type ParsedRule } from './rules';
import type { AlertSources } from './sources';
import {
  LOOKAHEAD_MS,
  auroraStep,
  freshAuroraMemory,
  passIntents,
  skyEventIntents,
  tonightIntent,
} from './triggers/sky';
import type { AlertIntent } from './triggers/types';

interface Deps {
  db: DB;
  sources: AlertSources;
}

/** Keys a rule already alerted (passes, sky events, nights), newest last, a few kept. */
interface SentMemory {
  sent: string[];
}
const freshSent = (): SentMemory => ({ sent: [] });
const KEYS_KEPT = 50;

type Decision = { rule: AlertRuleRow; intents: AlertIntent[]; state?: string };

/**
 * Stores every rule's alerts and memory in one transaction: a storm or a clear
 * evening decides for thousands of rules at once, and one transaction is far
 * cheaper than one per rule (bench/alerts.ts, sky rules).
 */
async function store(db: DB, decisions: Decision[], now: number): Promise<number> {
  const withAlerts = decisions.filter((d) => d.intents.length > 0);
  const changed = decisions.flatMap((d) =>
    d.state === undefined ? [] : [{ id: d.rule.id, state: d.state }],
  );
  if (withAlerts.length === 0 && changed.length === 0) return 0;
  const channels = await ruleChannels(
    db,
    withAlerts.map((d) => d.rule.id),
  );
  return db.transaction().execute(async (tx) => {
    const added = await enqueue(
      tx,
      withAlerts.flatMap((d) =>
        d.intents.map((intent) => ({
          rule: {
            id: d.rule.id,
            user_id: d.rule.user_id,
            enabled_at: d.rule.enabled_at,
            channelIds: channels.get(d.rule.id) ?? [],
          },
          intent,
        })),
      ),
      now,
    );
    await saveRuleStates(tx, changed, now);
    return added;
  });
}

type Zones = Map<number, string>;

/**
 * A kind's enabled rules and each rule's time zone. The zones of one look are
 * read once per user, not once per kind: the same users hold every sky kind.
 */
async function rulesOf<K extends TriggerKind>(db: DB, kind: K, zones: Zones) {
  const rules = parseRules(await enabledRules(db, kind), kind);
  const userIds = [...new Set(rules.map((r) => r.user_id))];
  const unread = userIds.filter((id) => !zones.has(id));
  const settings = await settingsFor(db, unread);
  for (const id of unread) zones.set(id, settings.get(id)?.time_zone ?? 'UTC');
  const zone = (r: ParsedRule<K>) => zones.get(r.user_id)!;
  return { rules, zone, userIds };
}

function remember(memory: SentMemory, intents: AlertIntent[]): string | undefined {
  if (intents.length === 0) return undefined;
  return JSON.stringify({ sent: [...memory.sent, ...intents.map((i) => i.key)].slice(-KEYS_KEPT) });
}

export async function detectSky(deps: Deps, now: number): Promise<Record<string, number>> {
  const { db, sources } = deps;
  const decisions: Decision[] = [];
  const zones: Zones = new Map();

  const aurora = await rulesOf(db, 'aurora', zones);
  if (aurora.rules.length > 0) {
    const states = await sources.aurora(aurora.userIds, now);
    for (const rule of aurora.rules) {
      const state = states.get(rule.user_id);
      if (!state) continue;
      const memory = ruleMemory(rule, freshAuroraMemory);
      const step = auroraStep(rule.parsed, memory, state, now, aurora.zone(rule));
      const text = JSON.stringify(step.memory);
      decisions.push({
        rule,
        intents: step.intent ? [step.intent] : [],
        state: text !== rule.state ? text : undefined,
      });
    }
  }

  const tonight = await rulesOf(db, 'tonight', zones);
  // Only places whose chosen time has come ask for a verdict.
  const due = tonight.rules.filter((r) => {
    const memory = ruleMemory(r, freshSent);
    const local = localParts(now, tonight.zone(r));
    return (
      local.minutes >= clockMinutes(r.parsed.at) && !memory.sent.includes(`tonight:${local.date}`)
    );
  });
  if (due.length > 0) {
    const states = await sources.tonight([...new Set(due.map((r) => r.user_id))], now);
    for (const rule of due) {
      const state = states.get(rule.user_id);
      const intent =
        state && tonightIntent(rule.parsed, state, now, tonight.zone(rule), rule.enabled_at);
      if (intent)
        decisions.push({
          rule,
          intents: [intent],
          state: remember(ruleMemory(rule, freshSent), [intent]),
        });
    }
  }

  const passes = await rulesOf(db, 'pass', zones);
  if (passes.rules.length > 0) {
    const found = await sources.passes(passes.userIds, now);
    for (const rule of passes.rules) {
      const memory = ruleMemory(rule, freshSent);
      const intents = passIntents(found.get(rule.user_id) ?? [], now, rule.enabled_at).filter(
        (i) => !memory.sent.includes(i.key),
      );
      if (intents.length > 0) decisions.push({ rule, intents, state: remember(memory, intents) });
    }
  }

  const events = await rulesOf(db, 'sky-event', zones);
  if (events.rules.length > 0) {
    const found = await sources.skyEvents(events.userIds, now + LOOKAHEAD_MS);
    for (const rule of events.rules) {
      const memory = ruleMemory(rule, freshSent);
      const intents = skyEventIntents(
        rule.parsed,
        found.get(rule.user_id) ?? [],
        now,
        events.zone(rule),
        rule.enabled_at,
      ).filter((i) => !memory.sent.includes(i.key));
      if (intents.length > 0) decisions.push({ rule, intents, state: remember(memory, intents) });
    }
  }

  const skyAlerts = await store(db, decisions, now);
  return { skyAlerts };
}
