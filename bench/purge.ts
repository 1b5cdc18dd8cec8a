// The feed while a purge runs: seeds N items (BENCH_PURGE_ITEMS, default
// 1,000,000, published over the last 60 days, so about half are older than 30
// days), measures the list call at rest, then again, back to back, for as long
// as the purge job deletes the old half in its batches (same process, as in
// production). Prints p50/p99/max for both, and the purge's own figures.
// SQLite by default; BENCH_PURGE_DIALECT=postgres with TEST_DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Agent, request } from 'undici';
import { buildApp } from '../src/server/app';
import { SESSION_COOKIE, createSession } from '../src/server/auth/sessions';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DB, type Dialect } from '../src/server/db/database';
import { PURGE_BATCH_TARGET_MS, purgeCutoff } from '../src/server/news/retention';
import { describeSeed, seedPostgres, seedSqlite } from './seed-million';

const ITEMS = Number(process.env.BENCH_PURGE_ITEMS ?? 1_000_000);
const AT_REST = 200;
const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function summary(times: number[]) {
  const s = times.toSorted((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(8);
  return `${String(times.length).padStart(6)} requests  p50 ${f(percentile(s, 50))} ms  p99 ${f(percentile(s, 99))} ms  max ${f(s[s.length - 1])} ms`;
}

async function bench(dialect: Dialect, db: DB, dataDir: string) {
  const seed = await describeSeed(db);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEFAULT_SOURCES: 'false',
    JOBS_ENABLED: 'false',
    PURGE_AGE_DAYS: '30',
  });
  const { app, ctx } = await buildApp({
    config,
    db,
    dialect,
    webDir: '/nonexistent',
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  const base = `http://127.0.0.1:${address.port}`;
  const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  const { token } = await createSession(db, seed.userIds[0]);
  const headers = { cookie: `${SESSION_COOKIE}=${token}`, accept: 'application/json' };
  const listOnce = async (page: number) => {
    const t0 = process.hrtime.bigint();
    const res = await request(`${base}/_api/news/list?pageSize=10&page=${page}`, {
      headers,
      dispatcher,
    });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}`);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  try {
    const old = await db
      .selectFrom('news_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('published_at', '<', purgeCutoff(Date.now(), 30))
      .executeTakeFirstOrThrow();
    log(
      `${dialect}: ${ITEMS.toLocaleString('en-US')} items, ${old.n.toLocaleString('en-US')} older than 30 days; delete batches sized to ~${PURGE_BATCH_TARGET_MS} ms each; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    for (let i = 0; i < 20; i++) await listOnce(1 + (i % 3)); // warm-up
    const rest: number[] = [];
    for (let i = 0; i < AT_REST; i++) rest.push(await listOnce(1 + (i % 3)));
    log(`  list at rest       ${summary(rest)}`);

    const during: number[] = [];
    const purging = { done: false };
    const started = performance.now();
    const purge = ctx.jobs.run('purge', 'manual').finally(() => {
      purging.done = true;
    });
    for (let i = 0; !purging.done; i++) during.push(await listOnce(1 + (i % 3)));
    const outcome = await purge;
    const seconds = (performance.now() - started) / 1000;
    if (outcome.status !== 'success') throw new Error(`purge: ${JSON.stringify(outcome)}`);
    const deleted = Number(outcome.figures.deletedCount);
    log(`  list during purge  ${summary(during)}`);
    log(
      `  purge: ${deleted.toLocaleString('en-US')} items deleted in ${seconds.toFixed(1)} s (${Math.round(deleted / seconds).toLocaleString('en-US')} items/s)`,
    );
  } finally {
    await dispatcher.close();
    await app.close();
  }
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-purge-'));
  try {
    if (process.env.BENCH_PURGE_DIALECT === 'postgres') {
      const url = process.env.TEST_DATABASE_URL;
      if (!url) throw new Error('BENCH_PURGE_DIALECT=postgres needs TEST_DATABASE_URL');
      const schema = `bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.query(`SET search_path = ${schema}`);
      const { db } = openDatabase({ dialect: 'postgres', url, schema, poolSize: 10 });
      try {
        log(`postgres: seeding ${ITEMS.toLocaleString('en-US')} items…`);
        await seedPostgres(db, admin, { items: ITEMS, log });
        await bench('postgres', db, dataDir);
      } finally {
        await db.destroy();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
      return;
    }
    const file = path.join(dataDir, 'purge.db');
    log(`sqlite: seeding ${ITEMS.toLocaleString('en-US')} items…`);
    await seedSqlite(file, { items: ITEMS, log });
    const { db } = openDatabase({ dialect: 'sqlite', file });
    try {
      await bench('sqlite', db, dataDir);
    } finally {
      await db.destroy();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
