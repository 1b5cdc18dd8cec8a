// Summaries' text work on a piscina worker pool (text-worker.ts), off the
// thread that serves requests. AI_WORKERS=0 runs it inline (and so do callers
// before the pool exists, e.g. unit tests of the pure functions).
import { Piscina } from 'piscina';
import { extractArticleText } from './article-text';
import { extractiveSummary, type SummaryOptions } from './textrank';
import { threadEntry } from '../thread-entry';
import type { TextTask } from './text-worker';

let pool: Piscina<TextTask, string | null> | null = null;
/** Inline until configured (config.ai.workers, set when the routes are built). */
let threads = 0;

/** Worker threads for text work; 0 = inline (config AI_WORKERS). */
export function configureTextPool(count: number): void {
  threads = count;
}

function poolOrNull(): Piscina<TextTask, string | null> | null {
  if (threads === 0) return null;
  pool ??= new Piscina<TextTask, string | null>({
    filename: threadEntry('text-worker', import.meta.url).href,
    name: 'default',
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    maxQueue: 256,
  });
  return pool;
}

async function run(task: TextTask): Promise<string | null> {
  const p = poolOrNull();
  if (!p)
    return task.kind === 'summary'
      ? extractiveSummary(task.text, task.options)
      : extractArticleText(task.html);
  return p.run(task);
}

export async function summarizeText(text: string, options: SummaryOptions): Promise<string> {
  return (await run({ kind: 'summary', text, options })) ?? '';
}

export function articleTextOf(html: string): Promise<string | null> {
  return run({ kind: 'article', html });
}

/** Stops the threads (shutdown, tests); a later task starts a fresh pool. */
export async function closeTextPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
