// One AstroDash instance's alert work for the replay, in a process of its own so
// it can be killed (kill -9) and started again: the `alerts` job on the real job
// runner (its lease keeps detection to one instance) and the dispatcher, on a
// fake clock the parent moves step by step ({"t": ms, "look": true} on stdin,
// "done t" back). The parent skips the minutes where no source changed and
// nothing is due, so a step that follows a change runs the job (look), as the
// job's minute would; every step dispatches, as the dispatcher wakes when due.
// Launches come from the scenario; aurora, tonight, passes, sky events and
// topics from the real modules, their upstreams on the parent's fixture server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pino from 'pino';
import { createAlertEngine } from '../../../src/server/alerts/engine';
import { withSources } from '../../../src/server/alerts/sources';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type DatabaseOptions } from '../../../src/server/db/database';
import { manualClock } from '../../../src/server/jobs/clock';
import { jobDefinitions } from '../../../src/server/jobs/definitions';
import { createJobRunner } from '../../../src/server/jobs/runner';
import { createSkyService } from '../../../src/server/sky/service';
import { launchesAt, type Scenario } from './alerts-scenario';

const [databaseJson, scenarioFile, upstreamUrl] = process.argv.slice(2);
const options = JSON.parse(databaseJson) as DatabaseOptions;
const scenario = JSON.parse(fs.readFileSync(scenarioFile, 'utf8')) as Scenario;

const { db, dialect } = openDatabase(options);
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-replay-')),
  LOG_LEVEL: 'silent',
  FETCH_ALLOW_PRIVATE_NETWORK: 'true',
  FETCH_TIMEOUT_MS: '5000',
  SWPC_URL: upstreamUrl,
  OPEN_METEO_URL: upstreamUrl,
  OPEN_METEO_AIR_QUALITY_URL: upstreamUrl,
});
const log = pino({ enabled: false });
const clock = manualClock(scenario.start);

const engine = createAlertEngine(
  { config, db, dialect, log },
  {
    clock,
    claimTtlMs: 30_000,
    sources: withSources(
      { launches: async (now) => launchesAt(scenario, now) },
      { db, config, sky: createSkyService(config, log) },
    ),
  },
);
const runner = createJobRunner({
  db,
  log,
  clock,
  leaseTtlMs: 60_000,
  definitions: jobDefinitions(
    { config, db, log },
    { alerts: (now, signal) => engine.runJob(now.getTime(), signal) },
  ).filter((d) => d.name === 'alerts'),
});

async function main() {
  const lines = readline.createInterface({ input: process.stdin });
  let ready = false;
  for await (const line of lines) {
    const { t, look } = JSON.parse(line) as { t: number; look: boolean };
    clock.set(t);
    if (!ready) {
      await runner.ensureJobs();
      ready = true;
    }
    if (look) await runner.run('alerts', 'schedule');
    await engine.dispatch();
    process.stdout.write(`done ${t}\n`);
  }
  await engine.stop();
  await db.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
