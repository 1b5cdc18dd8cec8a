// Whole feed-list answers, reused while the database has not changed (SQLite).
//
// On SQLite one connection in this process makes every write, so "nothing has
// changed" is exact and cheap to ask: the connection's total_changes() counts
// every row any statement (or trigger) of ours inserted, updated or deleted,
// and PRAGMA data_version moves when another connection commits (a restore, a
// command-line tool). While both stand still, the same user and query get the
// same answer, so it is served from memory instead of two queries. PostgreSQL
// may be shared by several instances, which this process cannot see: no cache.
import { sql } from 'kysely';
import type { NewsListResponse } from '../../shared/types';
import type { DB } from '../db/database';
import { LruMap } from '../lru-map';

const MAX_ENTRIES = 500;

export class ListCache {
  private readonly entries = new LruMap<string, { version: string; value: NewsListResponse }>({
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

  async get(key: string, compute: () => Promise<NewsListResponse>): Promise<NewsListResponse> {
    const version = await this.version();
    const hit = this.entries.get(key);
    if (hit?.version === version) return hit.value;
    this.entries.delete(key);
    const value = await compute();
    // Only keep it if nothing was written while it was computed.
    if ((await this.version()) === version) this.entries.set(key, { version, value });
    return value;
  }
}
