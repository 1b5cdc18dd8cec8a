// The documents the main thread fetches itself (a title look-up's page or feed,
// the Launch Library schedule), hostile: the event loop's longest delay and the
// main thread's peak RSS while one is read, parsed on this thread as before
// (JSON.parse) and as now (off-thread.ts: on an ingest worker, within the JSON
// bounds; and inline with INGEST_WORKERS=0, the bounds alone).
//   npm run bench -- hostile-documents
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config';
import type { DocumentTask } from '../src/server/ingest/documents';
import { closeDocumentPool, readDocumentOffThread } from '../src/server/ingest/off-thread';

const MB = 1024 * 1024;
const nestedFeed = (bytes: number) =>
  `{"version":"https://jsonfeed.org/version/1.1","title":"Nested","items":${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}}`;
const nestedSchedule = (bytes: number) =>
  `{"count":1,"results":${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}}`;

const titleTask = (text: string): DocumentTask => ({
  kind: 'title',
  raw: {
    status: 200,
    url: 'https://example.test/feed.json',
    headers: [['content-type', 'application/feed+json']],
    notModified: false,
    body: Buffer.from(text),
    contentEncoding: '',
  },
  maxBytes: 10 * MB,
});

async function measure(label: string, work: () => unknown): Promise<void> {
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 5);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  let syncMs = 0;
  try {
    // Synchronous work blocks the loop for all of its time; the histogram sees the rest.
    const pending = work();
    syncMs = performance.now() - started;
    await pending;
  } catch {
    syncMs ||= performance.now() - started;
    // A refusal is the expected answer; only the cost is measured.
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  clearInterval(sampler);
  const stall = Math.max(syncMs, delay.max / 1e6);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  console.log(
    `${label.padEnd(58)} ${ms.toFixed(0).padStart(6)} ms  event loop stalled up to ${stall.toFixed(0).padStart(6)} ms  main RSS +${((rssPeak - rssBefore) / MB).toFixed(0).padStart(4)} MB`,
  );
}

export async function run(): Promise<void> {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const workers = loadConfig({ DATA_DIR: os.tmpdir(), INGEST_WORKERS: '1' }).ingest;
  const inline = loadConfig({ DATA_DIR: os.tmpdir(), INGEST_WORKERS: '0' }).ingest;
  const cases = [
    ['title look-up, 8 MB nested JSON Feed', 'title', nestedFeed(8 * MB)],
    ['title look-up, 3 MB nested JSON Feed', 'title', nestedFeed(3 * MB)],
    ['launch schedule, 2 MB nested', 'launches', nestedSchedule(2 * MB)],
  ] as const;
  // Start the worker thread before measuring.
  await readDocumentOffThread(workers, { kind: 'launches', text: '{"results":[]}' });
  await measure('(control: nothing)', () => null);
  for (const [name, kind, text] of cases) {
    const task = (): DocumentTask => (kind === 'title' ? titleTask(text) : { kind, text });
    await measure(`${name}: JSON.parse on this thread (before)`, () => JSON.parse(text));
    await measure(`${name}: on a worker`, () => readDocumentOffThread(workers, task()));
    await measure(`${name}: inline, bounds only`, () => readDocumentOffThread(inline, task()));
  }
  await closeDocumentPool();
}
