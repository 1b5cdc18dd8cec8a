// Steps that follow the store at ingestion: what other modules derive from a
// stored item (its launch links, its topics, its story cluster) is derived
// here, once, never at query time (DESIGN.md). Each step gets the items one
// fetch wrote (new, or rewritten because their text changed) and runs on the
// ingestion thread inside the same transaction, so an item is never seen
// without what is derived from it, and a step that fails takes the fetch's
// write with it (the source's fetch is recorded as failed and tried again).
//
// Ingestion does not import the steps: app composition lists them in
// src/server/after-store-steps.ts, so the modules that own them may read
// ingestion's types without a cycle.
import type { Config } from '../config';
import type { Tx } from '../db/database';
import type { SourceType } from '../../shared/constants';
import type { StoredItem } from './store/store';

export type { StoredItem };

export interface AfterStoreContext {
  config: Config;
  /** Epoch ms of the refresh. */
  now: number;
  sourceId: number;
  sourceType: SourceType;
}

export interface AfterStoreStep {
  /** Names the step in logs. */
  name: string;
  run(tx: Tx, items: readonly StoredItem[], context: AfterStoreContext): Promise<void>;
}

/** Runs each step in order over the items a store wrote (none: nothing runs). */
export async function runAfterStore(
  steps: readonly AfterStoreStep[],
  tx: Tx,
  items: readonly StoredItem[],
  context: AfterStoreContext,
): Promise<void> {
  if (items.length === 0) return;
  for (const step of steps) await step.run(tx, items, context);
}
