// Which of a feed's sources could not be read at their last fetch, from the
// sources' own state (so it holds after a reload), and how to say so.
import type { NewsSource } from '../../../shared/types';

export interface SourceFailures {
  failed: NewsSource[];
  /** The sources the feed reads (enabled, fetched ones: not the built-in briefings). */
  total: number;
}

/** The failures among the feed's sources: `sourceIds`, or every enabled source when empty. */
export function sourceFailures(sources: NewsSource[], sourceIds: string[] = []): SourceFailures {
  const inFeed = sources.filter(
    (s) => s.isEnabled && !s.builtIn && (sourceIds.length === 0 || sourceIds.includes(s.id)),
  );
  return { failed: inFeed.filter((s) => s.health.lastStatus === 'error'), total: inFeed.length };
}

/** "17 of 17 sources could not be reached", "1 of 1 source could not be reached". */
export function unreachableText(failed: number, total: number): string {
  return `${failed} of ${total} ${total === 1 ? 'source' : 'sources'} could not be reached`;
}
