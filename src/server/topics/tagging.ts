// Tagging at ingestion: an after-store step (src/server/after-store-steps.ts)
// that reads each stored item's title and summary and records the topics they
// mention. It runs on the ingestion thread inside the store's transaction, so
// it must be quick (the matcher is linear, bench/topics.ts) and must not fail
// on odd text: an item whose text cannot be read gets no topics, never an error.
import type { AfterStoreStep, StoredItem } from '../ingest/after-store';
import { keepVocabularyCurrent } from './loaded';
import { replaceItemTopics } from './repository';
import { topicsIn } from './vocabulary';

/** The text a story's topics are read from: its title and its summary. */
export function taggedText(item: { title: string; summaryText: string }): string {
  return `${item.title}\n${item.summaryText}`;
}

export function topicSlugsOf(item: { title: string; summaryText: string }): string[] {
  try {
    return topicsIn(taggedText(item)).map((t) => t.slug);
  } catch {
    return [];
  }
}

export const topicTagging: AfterStoreStep = {
  name: 'topics',
  async run(tx, items: readonly StoredItem[], context) {
    await keepVocabularyCurrent(tx, context.now);
    const tags = items.map((stored) => ({
      itemId: stored.id,
      topics: topicSlugsOf(stored.item),
    }));
    const rewritten = items.filter((s) => !s.isNew).map((s) => s.id);
    await replaceItemTopics(tx, context.sourceId, tags, rewritten);
  },
};
