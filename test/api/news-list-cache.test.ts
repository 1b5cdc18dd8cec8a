// The feed list is answered from memory while the database is unchanged
// (SQLite), and never once it has changed: through this server, through
// another connection to the same file, or through a preference.
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createItem, createSignedInUser, createSource } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const LIST = '/_api/news/list?page=1&pageSize=20&sortBy=publishedAt&sortOrder=desc';

describe.each(dialects)('feed list answers stay current (%s)', (dialect) => {
  let server: TestServer;
  let client: ApiClient;
  let sourceId: number;
  let n = 0;
  const titles = async () =>
    ((await client.get(LIST)).body as { items: { title: string }[] }).items.map((i) => i.title);
  const item = (title: string) => {
    const at = Date.now() + ++n;
    return {
      source_id: sourceId,
      dedupe_key: `k-${n}`,
      url: `https://example.test/${n}`,
      title,
      summary: '',
      summary_text: '',
      published_at: at,
      fetched_at: at,
      updated_at: at,
      item_type: 'article',
      is_breaking: 0 as const,
      engagement_score: 0,
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    ({ client } = await createSignedInUser(server));
    sourceId = await createSource(server, {
      name: 'Cache',
      url: 'https://example.test/feed',
      url_key: 'https://example.test/feed',
    });
    await createItem(server, sourceId, item('First'));
  });
  afterAll(async () => server?.close());

  it('shows an item stored by the server at once', async () => {
    expect(await titles()).toEqual(['First']);
    expect(await titles()).toEqual(['First']);
    await createItem(server, sourceId, item('Second'));
    expect(await titles()).toEqual(['Second', 'First']);
  });

  it.runIf(dialect === 'sqlite')(
    'shows an item written by another connection at once',
    async () => {
      expect(await titles()).toEqual(['Second', 'First']);
      const other = new SQLite(path.join(server.database.dataDir, 'astrodash.db'));
      try {
        const row = item('Third');
        const columns = Object.keys(row);
        other
          .prepare(
            `INSERT INTO news_items (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
          )
          .run(...Object.values(row));
      } finally {
        other.close();
      }
      expect(await titles()).toEqual(['Third', 'Second', 'First']);
    },
  );

  it.runIf(dialect === 'sqlite')(
    'answers in the encoding asked for, the same JSON each time (once compressed, then kept)',
    async () => {
      const raw = (acceptEncoding?: string) =>
        new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
          const headers: Record<string, string> = { cookie: client.cookieHeader };
          if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
          http
            .get(client.baseUrl + LIST, { headers }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                resolve({
                  encoding: res.headers['content-encoding'],
                  vary: res.headers.vary,
                  body: Buffer.concat(chunks),
                }),
              );
            })
            .on('error', reject);
        });
      const plain = await raw();
      expect(plain.encoding).toBeUndefined();
      const expected = JSON.parse(plain.body.toString('utf8')) as unknown;
      expect(expected).toMatchObject({ items: expect.any(Array) });
      for (let i = 0; i < 2; i++) {
        const br = await raw('gzip, deflate, br, zstd');
        expect(br.encoding).toBe('br');
        expect(br.vary).toMatch(/accept-encoding/i);
        expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(expected);
        const gzip = await raw('gzip;q=1.0, br;q=0');
        expect(gzip.encoding).toBe('gzip');
        expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(expected);
      }
      // Neither offered: the JSON as it is (the compress plugin may still deflate it).
      const other = await raw('identity');
      expect(other.encoding).toBeUndefined();
      expect(JSON.parse(other.body.toString('utf8'))).toEqual(expected);
    },
  );

  it('drops a source switched off in the preferences at once', async () => {
    expect((await titles()).length).toBeGreaterThan(0);
    const res = await client.post('/_api/news/sources/preferences', {
      sourceId: String(sourceId),
      isEnabled: false,
    });
    expect(res.status).toBe(200);
    expect(await titles()).toEqual([]);
  });
});
