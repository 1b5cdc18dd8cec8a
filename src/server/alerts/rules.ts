// Stored rules read back: the trigger JSON is parsed with the same schema that
// accepted it, so a rule row can never hand the engine a shape it did not check.
import { triggerSchema, type Trigger, type TriggerKind, type TriggerOf } from '../../shared/alerts';
import { LruMap } from '../lru-map';
import type { AlertRuleRow } from '../db/tables';

/** Parsed triggers by their JSON: thousands of users' rules share a few dozen texts. */
const parsed = new LruMap<string, Trigger>({ maxEntries: 2048 });

export function parseTrigger<K extends TriggerKind>(text: string, kind: K): TriggerOf<K> {
  let trigger = parsed.get(text);
  if (!trigger) parsed.set(text, (trigger = triggerSchema.parse(JSON.parse(text))));
  if (trigger.kind !== kind) throw new Error(`rule trigger is ${trigger.kind}, not ${kind}`);
  return trigger as TriggerOf<K>;
}

export type ParsedRule<K extends TriggerKind> = AlertRuleRow & { parsed: TriggerOf<K> };

export function parseRules<K extends TriggerKind>(rows: AlertRuleRow[], kind: K): ParsedRule<K>[] {
  return rows.map((r) => ({ ...r, parsed: parseTrigger(r.trigger, kind) }));
}

/** A rule's JSON memory, or the fresh one. */
export function ruleMemory<T>(row: Pick<AlertRuleRow, 'state'>, fresh: () => T): T {
  if (!row.state) return fresh();
  try {
    return { ...fresh(), ...(JSON.parse(row.state) as T) };
  } catch {
    return fresh();
  }
}
