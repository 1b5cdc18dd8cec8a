// A real reader app against AstroDash: newsboat (Debian's package) through its
// Google Reader backend ("feedhq": ClientLogin, subscription/list, each feed as
// reader/atom/<feed>, edit-tag and the token when an article changes state).
// `newsboat -x reload` pulls the items into its cache; marking an article read
// in newsboat (its "N" key, driven through tmux) reads as read in AstroDash;
// marking read or unread in AstroDash shows in newsboat after the next reload.
// Without newsboat (or tmux) the file says so loudly and skips, unless
// REQUIRE_E2E=1 (CI), where that is a failure.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createItems, createSignedInUser, createSource, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { longId, newApiPassword } from '../helpers/sync';

const run = promisify(execFile);
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const available = has('newsboat') && has('tmux');

const required = process.env.REQUIRE_E2E === '1';
if (!available && !required)
  console.warn('\n*** NEWSBOAT TEST SKIPPED: newsboat or tmux is not installed. ***\n');

describe('newsboat', () => {
  it.runIf(!available && required)(
    'is installed (REQUIRE_E2E=1): apt-get install newsboat tmux',
    () => {
      expect({ newsboat: has('newsboat'), tmux: has('tmux') }).toEqual({
        newsboat: true,
        tmux: true,
      });
    },
  );
});

interface CachedItem {
  guid: string;
  title: string;
  unread: number;
}

describe.skipIf(!available).each(dialects)('newsboat (%s)', (dialect) => {
  let server: TestServer;
  let alice: { user: TestUser; client: ApiClient };
  let dir = '';
  let items: number[] = [];
  const socket = `astrodash-nb-${process.pid}-${dialect}`;
  const files = () => ({
    config: path.join(dir, 'config'),
    cache: path.join(dir, 'cache.db'),
    urls: path.join(dir, 'urls'),
  });
  const newsboatArgs = () => ['-C', files().config, '-c', files().cache, '-u', files().urls];
  const env = () => ({ ...process.env, HOME: dir, TERM: 'xterm-256color', LANG: 'C.UTF-8' });

  const reload = () =>
    run('newsboat', [...newsboatArgs(), '-x', 'reload'], { env: env(), timeout: 120_000 });
  const cached = (): CachedItem[] => {
    const db = new Database(files().cache, { readonly: true });
    try {
      return db
        .prepare('SELECT guid, title, unread FROM rss_item ORDER BY guid')
        .all() as CachedItem[];
    } finally {
      db.close();
    }
  };
  const isRead = async (id: number) => {
    const res = await alice.client.get(`/_api/news/list?status=read&pageSize=100`);
    return res.body.items.some((i: { id: string }) => Number(i.id) === id);
  };
  const tmux = (...args: string[]) =>
    run('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env: env() });
  const screen = async () => (await tmux('capture-pane', '-p', '-t', 'nb')).stdout;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server, { email: 'reader@example.test' });
    const source = await createSource(server, { name: 'Space News' });
    const now = Date.now();
    items = await createItems(
      server,
      source,
      [0, 1, 2].map((k) => ({
        title: `Comet ${k}`,
        published_at: now - (3 - k) * 60_000,
        fetched_at: now - (3 - k) * 60_000,
        content: `<p>Comet ${k} is bright tonight.</p>`,
      })),
    );
    const { password } = await newApiPassword(alice.client, 'newsboat');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-newsboat-'));
    fs.writeFileSync(files().urls, '');
    fs.writeFileSync(
      files().config,
      [
        'urls-source "feedhq"',
        `feedhq-url "${server.url}/api/greader"`,
        `feedhq-login "${alice.user.email}"`,
        `feedhq-password "${password}"`,
        'feedhq-show-special-feeds no',
        'feedhq-min-items 50',
        'confirm-exit no',
        'reload-threads 1',
      ].join('\n'),
    );
  }, 120_000);

  afterAll(async () => {
    await tmux('kill-server').catch(() => undefined);
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pulls the subscriptions and their items with -x reload', async () => {
    await reload();
    const stored = cached();
    expect(stored.map((i) => i.title).toSorted()).toEqual(['Comet 0', 'Comet 1', 'Comet 2']);
    expect(stored.map((i) => i.guid).toSorted()).toEqual(items.map(longId).toSorted());
    expect(stored.every((i) => i.unread === 1)).toBe(true);
  });

  it('marks read in AstroDash what is marked read in newsboat', async () => {
    await tmux(
      'new-session',
      '-d',
      '-s',
      'nb',
      '-x',
      '120',
      '-y',
      '30',
      ['newsboat', ...newsboatArgs()].join(' '),
    );
    // The feed list, then the feed's articles (newest first), then toggle the first one read.
    await expect.poll(screen, { timeout: 60_000 }).toContain('Space News');
    await tmux('send-keys', '-t', 'nb', 'Enter');
    await expect.poll(screen, { timeout: 60_000 }).toContain('Comet 2');
    await tmux('send-keys', '-t', 'nb', 'N');
    await expect.poll(() => isRead(items[2]), { timeout: 60_000 }).toBe(true);
    expect(await isRead(items[1])).toBe(false);
    await tmux('send-keys', '-t', 'nb', 'q');
    await tmux('send-keys', '-t', 'nb', 'q');
    await expect
      .poll(
        async () =>
          await tmux('has-session', '-t', 'nb').then(
            () => true,
            () => false,
          ),
        {
          timeout: 60_000,
        },
      )
      .toBe(false);
  });

  it('shows in newsboat what is marked read or unread in AstroDash', async () => {
    await alice.client.post('/_api/news/mark-read', { itemIds: [items[0]], read: true });
    await alice.client.post('/_api/news/mark-read', { itemIds: [items[2]], read: false });
    await reload();
    const byGuid = new Map(cached().map((i) => [i.guid, i.unread]));
    expect(byGuid.get(longId(items[0]))).toBe(0);
    expect(byGuid.get(longId(items[1]))).toBe(1);
    expect(byGuid.get(longId(items[2]))).toBe(1);
  });
});
