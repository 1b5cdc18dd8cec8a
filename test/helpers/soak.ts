// The soak: many connections of mixed reads and writes against a real server
// process on SQLite — the feed list and search, sources created, renamed and
// deleted, default-source preferences, logins — while an outside read-only
// connection reads the same file (as a monitor or a backup would) and the WAL
// file's size is sampled. Used by `npm run soak` (100 connections, 60 s) and by
// test/integration/soak.test.ts (a short run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { seedSqlite } from '../../bench/seed-million';
import { ApiClient } from './client';
import { startServerProcess, type ServerProcess } from './server-process';

export interface SoakOptions {
  connections: number;
  durationMs: number;
  /** Items seeded before the server starts (list and search read them). */
  items?: number;
  /** Called with a progress line every few seconds. */
  log?: (line: string) => void;
}

export interface SoakReport {
  connections: number;
  seconds: number;
  requests: number;
  /** Requests per operation, with their failures. */
  operations: Record<string, { requests: number; errors: number }>;
  errors: number;
  /** A few failures, for the report. */
  errorSamples: string[];
  /** SQLITE_BUSY seen anywhere: in the server's log, in a response, by the outside reader. */
  sqliteBusy: number;
  outsideReads: number;
  /** WAL file size samples (ms since start, bytes). */
  wal: Array<[number, number]>;
  walMaxBytes: number;
}

type Op = 'list' | 'search' | 'sources' | 'create' | 'update' | 'delete' | 'preference' | 'login';
/** Relative weights: mostly reads, a steady share of writes. */
const MIX: Array<[Op, number]> = [
  ['list', 35],
  ['search', 15],
  ['sources', 10],
  ['create', 10],
  ['update', 10],
  ['delete', 6],
  ['preference', 10],
  ['login', 4],
];
const TOTAL_WEIGHT = MIX.reduce((n, [, w]) => n + w, 0);
const SEARCH_TERMS = ['jupiter', 'mars', 'launch', 'telescope', 'exopl', 'moon'];
const PASSWORD = 'Soak-Test-Passw0rd';

function pick(): Op {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [op, w] of MIX) if ((r -= w) < 0) return op;
  return 'list';
}

const count = (text: string, word: string) => text.split(word).length - 1;

/** One connection's user and state. */
class VirtualUser {
  readonly client: ApiClient;
  readonly headers: Record<string, string>;
  private own: string[] = [];
  private made = 0;

  constructor(
    url: string,
    readonly n: number,
    private defaults: string[],
  ) {
    this.client = new ApiClient(url);
    // Each connection stands for its own client address (TRUST_PROXY=true).
    this.headers = { 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` };
  }

  get email() {
    return `soak${this.n}@example.org`;
  }

  async register(): Promise<void> {
    const res = await this.client.post(
      '/_api/auth/register_with_password',
      { email: this.email, password: PASSWORD, displayName: `Soak ${this.n}` },
      this.headers,
    );
    if (res.status !== 200) throw new Error(`register ${res.status}: ${res.text}`);
  }

  /** Runs one operation; answers an error description, or null when it went as expected. */
  async run(op: Op): Promise<string | null> {
    const get = (p: string) => this.client.get(p, this.headers);
    const post = (p: string, body: unknown) => this.client.post(p, body, this.headers);
    const expect = (res: { status: number; text: string }, status: number) =>
      res.status === status ? null : `${op}: ${res.status} ${res.text.slice(0, 200)}`;
    switch (op) {
      case 'list':
        return expect(
          await get(`/_api/news/list?page=${1 + (this.made % 5)}&pageSize=20&sortBy=publishedAt`),
          200,
        );
      case 'search': {
        const term = SEARCH_TERMS[(this.n + this.made) % SEARCH_TERMS.length];
        return expect(await get(`/_api/news/list?page=1&pageSize=20&searchTerm=${term}`), 200);
      }
      case 'sources':
        return expect(await get('/_api/news/sources'), 200);
      case 'create': {
        if (this.own.length >= 5) return this.run('delete');
        const made = ++this.made;
        const res = await post('/_api/news/sources', {
          name: `Soak ${this.n}.${made}`,
          url: `https://soak${this.n}.example.org/feed-${made}.xml`,
          sourceType: 'rss',
        });
        if (res.status === 201) this.own.push((res.body as { id: string }).id);
        return expect(res, 201);
      }
      case 'update': {
        const id = this.own.at(-1);
        if (!id) return this.run('create');
        return expect(
          await post('/_api/news/sources/update', { sourceId: id, name: `Renamed ${Date.now()}` }),
          200,
        );
      }
      case 'delete': {
        const id = this.own.shift();
        if (!id) return this.run('create');
        return expect(await post('/_api/news/sources/delete', { sourceId: id }), 200);
      }
      case 'preference': {
        const id = this.defaults[(this.n * 7 + this.made++) % this.defaults.length];
        return expect(
          await post('/_api/news/sources/preferences', {
            sourceId: id,
            isEnabled: Math.random() < 0.5,
          }),
          200,
        );
      }
      case 'login':
        return expect(
          await post('/_api/auth/login_with_password', { email: this.email, password: PASSWORD }),
          200,
        );
    }
  }
}

/** Seeds a database, starts the server on it, runs the soak, stops the server; cleans up. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-soak-'));
  const file = path.join(dataDir, 'astrodash.db');
  let server: ServerProcess | undefined;
  try {
    await seedSqlite(file, { items: options.items ?? 20_000, users: 5 });
    server = await startServerProcess({
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
    });
    return await soak(server, file, options, log);
  } finally {
    await server?.stop('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function soak(
  server: ServerProcess,
  file: string,
  options: SoakOptions,
  log: (line: string) => void,
): Promise<SoakReport> {
  const outside = new SQLite(file, { readonly: true });
  const defaults = (
    outside.prepare('SELECT id FROM news_sources WHERE user_id IS NULL').all() as { id: number }[]
  ).map((r) => String(r.id));
  const users = Array.from(
    { length: options.connections },
    (_, i) => new VirtualUser(server.url, i + 1, defaults),
  );
  for (const u of users) await u.register();

  const operations: SoakReport['operations'] = {};
  const errorSamples: string[] = [];
  let errors = 0;
  let requests = 0;
  let busy = 0;
  let outsideReads = 0;
  const wal: Array<[number, number]> = [];
  const started = Date.now();
  const deadline = started + options.durationMs;
  const walSize = () => {
    try {
      return fs.statSync(`${file}-wal`).size;
    } catch {
      return 0;
    }
  };

  const sampler = setInterval(() => {
    wal.push([Date.now() - started, walSize()]);
    try {
      outside.prepare('SELECT count(*) FROM news_sources').get();
      outsideReads++;
    } catch (err) {
      if (String((err as { code?: string }).code).startsWith('SQLITE_BUSY')) busy++;
      else throw err;
    }
  }, 250);
  const progress = setInterval(() => {
    const [, bytes] = wal.at(-1) ?? [0, 0];
    log(
      `  ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s: ${requests} requests, ${errors} errors, WAL ${(bytes / 1024 / 1024).toFixed(1)} MB`,
    );
  }, 5000);

  try {
    await Promise.all(
      users.map(async (u) => {
        while (Date.now() < deadline) {
          const op = pick();
          const stat = (operations[op] ??= { requests: 0, errors: 0 });
          let failure: string | null;
          try {
            failure = await u.run(op);
          } catch (err) {
            failure = `${op}: ${(err as Error).message}`;
          }
          requests++;
          stat.requests++;
          if (failure) {
            errors++;
            stat.errors++;
            busy += count(failure, 'SQLITE_BUSY');
            if (errorSamples.length < 10) errorSamples.push(failure);
          }
        }
      }),
    );
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
    outside.close();
  }
  wal.push([Date.now() - started, walSize()]);
  busy += count(server.output(), 'SQLITE_BUSY');
  return {
    connections: options.connections,
    seconds: (Date.now() - started) / 1000,
    requests,
    operations,
    errors,
    errorSamples,
    sqliteBusy: busy,
    outsideReads,
    wal,
    walMaxBytes: Math.max(0, ...wal.map(([, b]) => b)),
  };
}
