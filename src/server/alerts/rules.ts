// Stored rules read back: the trigger JSON is parsed with the same schema that
// accepted it, so a rule row can never hand the engine a shape it did not check.
import { triggerSchema, type TriggerKind, type TriggerOf } from '../../shared/alerts';
import type { AlertRuleRow } from '../db/tables';

export function parseTrigger<K extends TriggerKind>(text: string, kind: K): TriggerOf<K> {
  const trigger = triggerSchema.parse(JSON.parse(text));
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
