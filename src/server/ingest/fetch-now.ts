// Fetch one source right away, in the background: a source just added, or whose
// URL or type just changed, shows its stories without waiting for the next poll.
import { findSource } from '../sources/repository';
import { refreshSources, type IngestContext } from './pipeline';

/**
 * Starts fetching the source if it is enabled and due (a new source is due at
 * once; an edit of its URL or type makes it due again; a rename does not), and
 * returns at once. Off with JOBS_ENABLED=false, like all background work.
 */
export function fetchSourceNow(ctx: IngestContext, sourceId: number | string): void {
  if (!ctx.config.jobsEnabled) return;
  void (async () => {
    const source = await findSource(ctx.db, Number(sourceId));
    if (!source || source.is_enabled !== 1 || source.next_fetch_at > Date.now()) return;
    await refreshSources(ctx, [source]);
  })().catch((err: unknown) => ctx.log.error({ err, sourceId }, 'fetching a new source failed'));
}
