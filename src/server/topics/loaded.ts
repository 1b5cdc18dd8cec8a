// Keeps this thread's vocabulary in step with the database's copy of the
// weekly LL2 refresh. Each thread (the server's, the ingestion thread) and each
// instance holds its own matcher; at most once a minute it asks the database
// whether a newer refresh was stored and, if so, loads it.
import type { DB, Tx } from '../db/database';
import { loadStoredVocabulary, storedVocabularyVersion } from './repository';
import { setLl2Entities } from './vocabulary';

const CHECK_EVERY_MS = 60_000;
let loadedVersion = 0;
let checkedAt = -Infinity;

export async function keepVocabularyCurrent(db: DB | Tx, now = Date.now()): Promise<void> {
  if (now - checkedAt < CHECK_EVERY_MS) return;
  checkedAt = now;
  const version = await storedVocabularyVersion(db);
  if (version === loadedVersion) return;
  const { entities } = await loadStoredVocabulary(db);
  setLl2Entities(entities);
  loadedVersion = version;
}

/** The next call checks at once (after a refresh on this thread, and in tests). */
export function checkVocabularySoon(): void {
  checkedAt = -Infinity;
}
