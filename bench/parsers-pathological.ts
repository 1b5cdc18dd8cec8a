// Each ingest entry point that reads fetched text, on 2 MB of pathological input
// (repeated and unterminated tokens, nested tags, long attributes): the worst
// case per entry point, best of 3 runs. Target ≤ 250 ms each.
//   npm run bench -- parsers-pathological     BENCH_PATHOLOGICAL_KB=2048
import os from 'node:os';
import { ENTRY_POINTS, INGEST_CASES } from '../test/helpers/ingest-entry-points';
import { KB, minTime } from '../test/helpers/pathological';

const SIZE = Number(process.env.BENCH_PATHOLOGICAL_KB ?? 2048) * KB;
const TARGET_MS = 250;

export async function run(): Promise<void> {
  console.log(
    `input ${(SIZE / KB).toFixed(0)} KB × ${INGEST_CASES.length} cases per entry point; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const inputs = INGEST_CASES.map((c) => ({ name: c.name, text: c.make(SIZE) }));
  let failures = 0;
  for (const entry of ENTRY_POINTS) {
    entry.run(inputs[0].text.slice(0, 4096)); // warm-up
    let worst = { ms: 0, name: '' };
    for (const input of inputs) {
      const ms = minTime(entry.run, input.text, 3);
      if (ms > worst.ms) worst = { ms, name: input.name };
    }
    const ok = worst.ms <= TARGET_MS;
    if (!ok) failures++;
    console.log(
      `${entry.name.padEnd(32)} worst ${worst.ms.toFixed(1).padStart(8)} ms  (${worst.name})${ok ? '' : '  over target'}`,
    );
  }
  console.log(
    `target ≤ ${TARGET_MS} ms per entry point on ${(SIZE / KB).toFixed(0)} KB: ${failures === 0 ? 'met' : `${failures} over`}`,
  );
}
