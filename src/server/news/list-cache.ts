// Whole feed-list answers, reused while the database has not changed (SQLite).
//
// On SQLite one connection in this process makes every write, so "nothing has
// changed" is exact and cheap to ask: the connection's total_changes() counts
// every row any statement (or trigger) of ours inserted, updated or deleted,
// and PRAGMA data_version moves when another connection commits (a restore, a
// command-line tool). While both stand still, the same user and query get the
// same answer, so it is served from memory instead of two queries. PostgreSQL
// may be shared by several instances, which this process cannot see: no cache.
//
// An answer also keeps its JSON compressed for each encoding asked for, made on
// first use: serialising and compressing it again for every request was most of
// a cached answer's cost (list-load: bench/README.md, "At rest, after wave 3").
import zlib from 'node:zlib';
import { sql } from 'kysely';
import type { NewsListResponse } from '../../shared/types';
import type { DB } from '../db/database';
import { LruMap } from '../lru-map';

const MAX_ENTRIES = 500;

/** The encodings an answer is kept in, best first (the compress plugin's choice for the rest). */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The best of ENCODINGS that an Accept-Encoding header takes (one refused with q=0 is not). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const offered = new Map<string, number>();
  for (const part of header.slice(0, 256).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return ENCODINGS.find((e) => (offered.get(e) ?? offered.get('*') ?? 0) > 0);
}

const compress = (json: string, encoding: Encoding) =>
  encoding === 'br'
    ? zlib.brotliCompressSync(json, {
        // The compress plugin's own setting for text (app.ts registers it).
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        },
      })
    : zlib.gzipSync(json);

/** A cached answer: the value, and its JSON compressed per encoding once asked for. */
export class CachedAnswer {
  private json?: string;
  private readonly bodies = new Map<Encoding, Buffer>();

  constructor(readonly value: NewsListResponse) {}

  body(encoding: Encoding): Buffer {
    let body = this.bodies.get(encoding);
    if (!body) {
      this.json ??= JSON.stringify(this.value);
      body = compress(this.json, encoding);
      this.bodies.set(encoding, body);
    }
    return body;
  }
}

export class ListCache {
  private readonly entries = new LruMap<string, { version: string; answer: CachedAnswer }>({
    maxEntries: MAX_ENTRIES,
  });

  constructor(private readonly db: DB) {}

  private async version(): Promise<string> {
    const { rows } = await sql<{
      changes: number;
      data: number;
    }>`SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS data`.execute(
      this.db,
    );
    return `${rows[0].changes}:${rows[0].data}`;
  }

  async get(key: string, compute: () => Promise<NewsListResponse>): Promise<CachedAnswer> {
    const version = await this.version();
    const hit = this.entries.get(key);
    if (hit?.version === version) return hit.answer;
    this.entries.delete(key);
    const answer = new CachedAnswer(await compute());
    // Only keep it if nothing was written while it was computed.
    if ((await this.version()) === version) this.entries.set(key, { version, answer });
    return answer;
  }
}
