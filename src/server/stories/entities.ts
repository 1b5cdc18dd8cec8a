// The names the clusterer compares: the space vocabulary's entities a text
// mentions (topics/, shared with topic tagging and launch linking), as they
// stand, without the broader topics they imply ("Artemis II" is not "Artemis
// III" because both imply "Artemis"). And the launches an item is linked to.
import type { DB, Tx } from '../db/database';
import { matchEntities } from '../topics/vocabulary';

/** Slugs of the entities named in a text, each once. */
export function topicsForClustering(text: string): string[] {
  return [...new Set(matchEntities(text).map((m) => m.slug))];
}

/**
 * The launches each item is linked to (the launches module's item ↔ launch
 * table). Answers nothing until that module exists: the lead wires it at merge.
 * Measured figures hold either way (launch ids are hidden in the measurement).
 */
export async function launchLinksOf(
  _db: DB | Tx,
  _itemIds: readonly number[],
): Promise<Map<number, string[]>> {
  return new Map();
}
