// The names the clusterer compares: the space vocabulary's entities a text
// mentions (topics/, shared with topic tagging and launch linking), as they
// stand, without the broader topics they imply ("Artemis II" is not "Artemis
// III" because both imply "Artemis"). And the launches an item is linked to.
import type { DB, Tx } from '../db/database';
import { launchIdsOfItems } from '../launches/links';
import { matchEntities } from '../topics/vocabulary';

/** Slugs of the entities named in a text, each once. */
export function topicsForClustering(text: string): string[] {
  return [...new Set(matchEntities(text).map((m) => m.slug))];
}

/**
 * The launches each item is linked to (the launches module's item ↔ launch
 * links, written by its after-store step before this one runs). The measured
 * figures hold without them (launch ids are hidden in the measurement).
 */
export const launchLinksOf = (db: DB | Tx, itemIds: readonly number[]) =>
  launchIdsOfItems(db, itemIds);
