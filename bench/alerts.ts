// The alerts engine (issue 30): how fast an event reaches a channel, and how
// long the rules of 10,000 users take to evaluate for one new event.
//
//   npm run bench -- alerts
//   BENCH_DATABASE_URL=postgres://…   run on PostgreSQL (a schema of its own) instead of SQLite
//   BENCH_USERS=10000                 users with rules for the evaluation figures
//   BENCH_EVENTS=40                   launch events for the latency figures (20 deliveries each)
//   BENCH_ALERTS=latency|evaluation|sky   only one of the three
//   BENCH_PLACES=1000                 distinct places of the sky rules' users
//
// Targets: event detected → channel 2xx p95 ≤ 2 s; 10,000 users' rules evaluated for
// one new event ≤ 1 s (launch rules here; aurora, pass, sky-event and tonight
// rules through the real sky sources in support/alerts-sky.ts). "Detected" is when the alerts job has stored the alert (the
// engine's detect() returned); "2xx" is when the webhook receiver, a real HTTP server
// in its own process, answered. Wall-clock figures on a shared machine include the
// neighbours: CPU seconds and the load average are printed beside them.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAlertEngine } from '../src/server/alerts/engine';
import { withSources } from '../src/server/alerts/sources';
import type { LaunchSnapshot } from '../src/server/alerts/triggers/types';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DB } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { skyEvaluation } from './support/alerts-sky';
import { loadAverage, silentLog } from './support/harness';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 40);
const PER_EVENT = 20;
const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const cpuSeconds = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return ((u.user + u.system) / 1e6).toFixed(2);
};

async function openBenchDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-alerts-'));
  const url = process.env.BENCH_DATABASE_URL;
  let schema: string | undefined;
  if (url) {
    schema = `bench_alerts_${process.pid}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  }
  const { db, dialect } = url
    ? openDatabase({ dialect: 'postgres', url, schema, poolSize: 8 })
    : openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'astrodash.db') });
  await migrateToLatest(db);
  return {
    db,
    dialect,
    dataDir,
    async destroy() {
      await db.destroy();
      if (url && schema) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Users, one webhook channel each, one launch rule each (scopes mixed). */
async function seed(db: DB, users: number, hookUrl: string, offset = 0) {
  const now = Date.now();
  const scopes = [
    { scope: 'all' },
    { scope: 'provider', provider: 'SpaceX' },
    { scope: 'vehicle', vehicle: 'Electron' },
    { scope: 'provider', provider: 'ULA' },
  ];
  for (let i = 0; i < users; i += 500) {
    const n = Math.min(500, users - i);
    const ids = (
      await db
        .insertInto('users')
        .values(
          Array.from({ length: n }, (_, k) => {
            const email = `bench-${offset + i + k}@alerts.test`;
            return {
              email,
              email_normalized: email,
              display_name: `Bench ${offset + i + k}`,
              password_hash: 'x',
              role: 'user' as const,
              zip_code: null,
              created_at: now,
              updated_at: now,
            };
          }),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const channels = await db
      .insertInto('alert_channels')
      .values(
        ids.map((user_id) => ({
          user_id,
          kind: 'webhook',
          name: 'Hook',
          config: JSON.stringify({ url: hookUrl }),
          token: null,
          secret: 'b'.repeat(64),
          origin: 'https://astro.test',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    const rules = await db
      .insertInto('alert_rules')
      .values(
        ids.map((user_id, k) => ({
          user_id,
          trigger_kind: 'launch',
          trigger: JSON.stringify({
            kind: 'launch',
            before: ['24h', '1h', '10m'],
            moved: true,
            holds: true,
            liftoff: true,
            outcome: true,
            ...scopes[(offset + i + k) % scopes.length],
          }),
          enabled: 1 as const,
          override_quiet: 0 as const,
          enabled_at: now - 60_000,
          cursor: null,
          state: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    const channelOf = new Map(channels.map((c) => [c.user_id, c.id]));
    await db
      .insertInto('alert_rule_channels')
      .values(rules.map((r) => ({ rule_id: r.id, channel_id: channelOf.get(r.user_id)! })))
      .execute();
  }
}

const config = (dataDir: string) =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', FETCH_ALLOW_PRIVATE_NETWORK: 'true' });

/** The webhook receiver in its own process: answers 204 and reports each arrival's time. */
async function startReceiver() {
  const child = fork(path.join(import.meta.dirname, 'support/alert-receiver.ts'), {
    execArgv: ['--import', 'tsx'],
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as { port: number }).port)),
  );
  const arrivals: { id: string; at: number }[] = [];
  child.on('message', (m) => {
    const msg = m as { id?: string; at?: number };
    if (msg.id && msg.at) arrivals.push({ id: msg.id, at: msg.at });
  });
  return { url: `http://127.0.0.1:${port}/hook`, arrivals, close: () => child.kill() };
}

const launch = (id: string, over: Partial<LaunchSnapshot> = {}): LaunchSnapshot => ({
  id,
  name: `Falcon 9 | Mission ${id}`,
  net: Date.now() + 3 * 86_400_000,
  status: 'go',
  provider: 'SpaceX',
  vehicle: 'Falcon 9 Block 5',
  ...over,
});

async function latency() {
  const receiver = await startReceiver();
  const database = await openBenchDatabase();
  try {
    // 40 users, 20 of whom (every launch, or SpaceX's) match each event: 20 deliveries an event.
    await seed(database.db, PER_EVENT * 2, receiver.url);
    let launches: LaunchSnapshot[] = [];
    const engine = createAlertEngine(
      {
        config: config(database.dataDir),
        db: database.db,
        dialect: database.dialect,
        log: silentLog,
      },
      { sources: withSources({ launches: async () => launches }) },
    );
    engine.start();
    const detected = new Map<string, number>();
    const cpu = process.cpuUsage();
    for (let e = 0; e < EVENTS; e++) {
      const id = `L${e}`;
      launches = [launch(id)];
      await engine.detect(Date.now()); // first seen: countdowns scheduled days ahead
      launches = [launch(id, { status: 'in-flight' })];
      await engine.detect(Date.now());
      detected.set(id, performance.timeOrigin + performance.now());
      engine.wake();
      // The next event once this one's deliveries are in (or after 10 s).
      const until = Date.now() + 10_000;
      while (
        receiver.arrivals.filter((a) => a.id.startsWith(`${id}:`)).length < PER_EVENT &&
        Date.now() < until
      )
        await new Promise((r) => setTimeout(r, 5));
    }
    await engine.stop();
    const waits = receiver.arrivals
      .map((a) => a.at - detected.get(a.id.split(':')[0])!)
      .toSorted((a, b) => a - b);
    log(
      `event detected → webhook 2xx (${database.dialect}): ${waits.length} of ${EVENTS * PER_EVENT} deliveries, ` +
        `p50 ${percentile(waits, 50).toFixed(0)} ms, p95 ${percentile(waits, 95).toFixed(0)} ms, ` +
        `max ${waits.at(-1)!.toFixed(0)} ms; ${cpuSeconds(cpu)} CPU-s in the server process; load ${loadAverage()}`,
    );
  } finally {
    receiver.close();
    await database.destroy();
  }
}

async function evaluation() {
  const database = await openBenchDatabase();
  try {
    const t0 = performance.now();
    await seed(database.db, USERS, 'http://127.0.0.1:9/hook');
    log(
      `seeded ${USERS} users with a launch rule each in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    let launches = [launch('big')];
    const engine = createAlertEngine(
      {
        config: config(database.dataDir),
        db: database.db,
        dialect: database.dialect,
        log: silentLog,
      },
      { sources: withSources({ launches: async () => launches }) },
    );
    await engine.detect(Date.now()); // first seen: 3 countdowns for every rule that matches
    for (const [name, next] of [
      [
        'NET moved 2 h (a notice and 3 new countdowns per match)',
        launch('big', { net: launches[0].net! + 7_200_000 }),
      ],
      [
        'liftoff (one notice per match)',
        launch('big', { net: launches[0].net! + 7_200_000, status: 'in-flight' }),
      ],
    ] as const) {
      launches = [next];
      const cpu = process.cpuUsage();
      const start = performance.now();
      await engine.detect(Date.now());
      const ms = performance.now() - start;
      const stored = await database.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      log(
        `${USERS} users' rules for one event, ${name} (${database.dialect}): ${ms.toFixed(0)} ms, ` +
          `${cpuSeconds(cpu)} CPU-s; ${stored.n} alerts stored so far; load ${loadAverage()}`,
      );
    }
    await engine.stop();
  } finally {
    await database.destroy();
  }
}

async function sky() {
  const database = await openBenchDatabase();
  try {
    await skyEvaluation(database, USERS, log);
  } finally {
    await database.destroy();
  }
}

export async function run() {
  log(`load before: ${loadAverage()}`);
  const only = process.env.BENCH_ALERTS;
  if (!only || only === 'latency') await latency();
  if (!only || only === 'evaluation') await evaluation();
  if (!only || only === 'sky') await sky();
}
