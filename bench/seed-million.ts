// Seeds a benchmark database: 50 users, 200 sources (170 default of every type,
// 30 personal), a few switched-off defaults per user, and N news items (default
// 1,000,000) with titles and summaries drawn from a space vocabulary. Rare words
// ("jupiter", "quasar"…) each appear in about 1% of the items, so a search for
// them matches the 0.5–2% a real search does.
//
// Speed: the items go in with the news_items indexes and triggers set aside, then
// the indexes are rebuilt, the FTS index (SQLite) is filled in one pass, and the
// per-source counts the triggers would have kept are computed in one GROUP BY.
// The result is checked against the item count before it is used.
import type { SourceType } from '../src/shared/constants';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type pg from 'pg';
import { openDatabase, type DB } from '../src/server/db/database';
import { migrateToLatest, migrateUpTo } from '../src/server/db/migrate';
import { searchKey } from '../src/server/db/migrations/0014_search_by_time';

export interface SeedOptions {
  items: number;
  users?: number;
  log?: (line: string) => void;
  /** Stop at this migration (SQLite: a database to upgrade, bench/search-upgrade.ts). */
  upTo?: string;
}

export interface SeededSource {
  id: number;
  sourceType: string;
  userId: number | null;
}

export interface SeedResult {
  userIds: number[];
  sources: SeededSource[];
  /** Per user, the default sources they switched off. */
  switchedOff: Map<number, Set<number>>;
  seconds: number;
}

export const RARE_WORDS = [
  'jupiter',
  'quasar',
  'pulsar',
  'exoplanet',
  'magnetar',
  'andromeda',
  'perseverance',
  'artemis',
  'supernova',
  'betelgeuse',
];
/** The vocabulary every title and summary is drawn from: each word is in 15-25% of the items. */
export const COMMON_WORDS = (
  'space mission telescope launch orbit satellite rocket crew station lunar solar planet star galaxy ' +
  'astronomers scientists discover new image data observation spacecraft probe cosmic universe dark matter ' +
  'energy black hole light year distance signal radio infrared survey team study report announce record ' +
  'first test engine booster landing surface water ice atmosphere storm dust cloud gas field magnetic wind ' +
  'eclipse meteor shower comet asteroid belt crater moon sun flare sky night view public agency program ' +
  'budget contract company private commercial flight update delay schedule window weather pad tower orbiter ' +
  'rover lander sample return mars venus mercury saturn neptune uranus pluto ring system cluster nebula ' +
  'spectrum wave gravity gravitational detector instrument camera mirror array network deep field early ' +
  'ancient young old massive small giant dwarf bright faint red blue white hot cold fast slow distant nearby'
).split(' ');
const SOURCE_MIX: Array<[SourceType, number]> = [
  ['rss', 95],
  ['youtube', 25],
  ['google_news', 15],
  ['custom', 15],
  ['reddit', 12],
  ['bluesky', 6],
  ['rocket_launch', 2],
];
const PERSONAL_SOURCES = 30;
const DAY = 86_400_000;

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function itemTypeFor(sourceType: string, r: number): string {
  switch (sourceType) {
    case 'youtube':
      return 'video';
    case 'reddit':
      return r < 0.6 ? 'social_post' : r < 0.85 ? 'image' : r < 0.95 ? 'video' : 'article';
    case 'bluesky':
      return 'social_post';
    case 'rss':
      return r < 0.9 ? 'article' : r < 0.97 ? 'podcast' : 'image';
    default:
      return 'article';
  }
}

export interface ItemColumns {
  source_id: number[];
  dedupe_key: string[];
  url: string[];
  title: string[];
  summary: string[];
  summary_text: string[];
  image_url: (string | null)[];
  published_at: number[];
  fetched_at: number[];
  updated_at: number[];
  item_type: string[];
  is_breaking: number[];
  engagement_score: number[];
}

/** Items in batches, as column arrays; deterministic for a given seed. */
export function* generateItems(
  total: number,
  sources: SeededSource[],
  batch = 10_000,
  seed = 42,
): Generator<ItemColumns> {
  const rand = prng(seed);
  const words = (n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(COMMON_WORDS[Math.floor(rand() * COMMON_WORDS.length)]);
    for (const w of RARE_WORDS)
      if (rand() < 0.01) out.splice(Math.floor(rand() * out.length), 0, w);
    return out;
  };
  const now = Date.now();
  // Sources differ in volume (a busy subreddit against a monthly blog): weights 1..4.
  const weights = sources.map(() => 1 + Math.floor(rand() * 4));
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  const pick = () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return sources[lo];
  };
  for (let start = 0; start < total; start += batch) {
    const n = Math.min(batch, total - start);
    const cols: ItemColumns = {
      source_id: [],
      dedupe_key: [],
      url: [],
      title: [],
      summary: [],
      summary_text: [],
      image_url: [],
      published_at: [],
      fetched_at: [],
      updated_at: [],
      item_type: [],
      is_breaking: [],
      engagement_score: [],
    };
    for (let i = 0; i < n; i++) {
      const k = start + i;
      const source = pick();
      const titleWords = words(6 + Math.floor(rand() * 6));
      titleWords[0] = titleWords[0][0].toUpperCase() + titleWords[0].slice(1);
      const text = words(18 + Math.floor(rand() * 20)).join(' ') + '.';
      const publishedAt = now - Math.floor(rand() * 60 * DAY);
      cols.source_id.push(source.id);
      cols.dedupe_key.push(`bench-${k}`);
      cols.url.push(`https://news.example.test/${source.id}/${k}`);
      cols.title.push(titleWords.join(' '));
      cols.summary.push(`<p>${text}</p>`);
      cols.summary_text.push(text);
      cols.image_url.push(rand() < 0.6 ? `https://img.example.test/${k}.jpg` : null);
      cols.published_at.push(publishedAt);
      cols.fetched_at.push(publishedAt + Math.floor(rand() * 6 * 3_600_000));
      cols.updated_at.push(publishedAt);
      cols.item_type.push(itemTypeFor(source.sourceType, rand()));
      cols.is_breaking.push(rand() < 0.02 ? 1 : 0);
      cols.engagement_score.push(Math.floor(rand() ** 3 * 100_000));
    }
    yield cols;
  }
}

/** Users, sources and preferences through Kysely (small); returns what the items need. */
async function seedOwners(db: DB, userCount: number): Promise<Omit<SeedResult, 'seconds'>> {
  const at = Date.now();
  const rand = prng(7);
  const userIds: number[] = [];
  for (let u = 0; u < userCount; u++) {
    const row = await db
      .insertInto('users')
      .values({
        email: `bench-${u}@example.test`,
        email_normalized: `bench-${u}@example.test`,
        display_name: `Bench ${u}`,
        password_hash: 'not-a-real-hash',
        role: u === 0 ? 'admin' : 'user',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const plan: Array<{ type: SourceType; userId: number | null }> = [];
  for (const [type, n] of SOURCE_MIX) for (let i = 0; i < n; i++) plan.push({ type, userId: null });
  for (let i = 0; i < PERSONAL_SOURCES; i++)
    plan.push({ type: i % 5 === 4 ? 'youtube' : 'rss', userId: userIds[i % userIds.length] });
  const sources: SeededSource[] = [];
  for (const [i, s] of plan.entries()) {
    const row = await db
      .insertInto('news_sources')
      .values({
        name: `${s.type} source ${i}`,
        url: `https://source-${i}.example.test/feed`,
        url_key: `source-${i}.example.test/feed`,
        source_type: s.type,
        user_id: s.userId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sources.push({ id: row.id, sourceType: s.type, userId: s.userId });
  }
  const defaults = sources.filter((s) => s.userId === null);
  const switchedOff = new Map<number, Set<number>>();
  for (const userId of userIds) {
    const off = new Set<number>();
    while (off.size < 3) off.add(defaults[Math.floor(rand() * defaults.length)].id);
    switchedOff.set(userId, off);
    await db
      .insertInto('source_preferences')
      .values(
        [...off].map((source_id) => ({
          user_id: userId,
          source_id,
          is_enabled: 0 as const,
          updated_at: at,
        })),
      )
      .execute();
  }
  return { userIds, sources, switchedOff };
}

/** The owners of an already seeded database, read back from it (to reuse a seed). */
export async function describeSeed(db: DB): Promise<SeedResult> {
  const users = await db.selectFrom('users').select('id').orderBy('id').execute();
  const sources = await db
    .selectFrom('news_sources')
    .select(['id', 'source_type', 'user_id'])
    .orderBy('id')
    .execute();
  const prefs = await db
    .selectFrom('source_preferences')
    .select(['user_id', 'source_id'])
    .where('is_enabled', '=', 0)
    .execute();
  const switchedOff = new Map<number, Set<number>>();
  for (const p of prefs) {
    const set = switchedOff.get(p.user_id) ?? new Set<number>();
    set.add(p.source_id);
    switchedOff.set(p.user_id, set);
  }
  return {
    userIds: users.map((u) => u.id),
    sources: sources.map((s) => ({
      id: s.id,
      sourceType: s.source_type,
      userId: s.user_id === null ? null : s.user_id,
    })),
    switchedOff,
    seconds: 0,
  };
}

/** Items in a seeded database, from the maintained counters. */
export async function seededItems(db: DB): Promise<number> {
  const { rows } = await sql<{
    n: string | number | null;
  }>`SELECT sum(item_count) AS n FROM source_item_counts`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const COUNTS_SQL = `INSERT INTO source_item_counts (source_id, item_type, is_breaking, item_count)
  SELECT source_id, item_type, is_breaking, count(*) FROM news_items GROUP BY source_id, item_type, is_breaking`;
const SOURCE_COUNTS_SQL = `UPDATE news_sources SET item_count =
  (SELECT count(*) FROM news_items WHERE news_items.source_id = news_sources.id)`;

export async function seedSqlite(file: string, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const { db } = openDatabase({ dialect: 'sqlite', file });
  await (options.upTo ? migrateUpTo(db, options.upTo) : migrateToLatest(db));
  const owners = await seedOwners(db, options.users ?? 50);
  await db.destroy();

  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  const setAside = raw
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'news_items' AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
    )
    .all() as Array<{ type: string; name: string; sql: string }>;
  for (const o of setAside) raw.exec(`DROP ${o.type.toUpperCase()} ${o.name}`);
  const insert =
    raw.prepare(`INSERT INTO news_items (source_id, dedupe_key, url, title, summary, summary_text,
    image_url, published_at, fetched_at, updated_at, item_type, is_breaking, engagement_score)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertBatch = raw.transaction((c: ItemColumns) => {
    for (let i = 0; i < c.source_id.length; i++) {
      insert.run(
        c.source_id[i],
        c.dedupe_key[i],
        c.url[i],
        c.title[i],
        c.summary[i],
        c.summary_text[i],
        c.image_url[i],
        c.published_at[i],
        c.fetched_at[i],
        c.updated_at[i],
        c.item_type[i],
        c.is_breaking[i],
        c.engagement_score[i],
      );
    }
  });
  let done = 0;
  for (const batch of generateItems(options.items, owners.sources, 50_000)) {
    insertBatch(batch);
    done += batch.source_id.length;
    if (done % 200_000 === 0)
      log(`  sqlite: ${done} items inserted (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  log('  sqlite: rebuilding indexes, full-text index and counts…');
  for (const o of setAside.filter((x) => x.type === 'index')) raw.exec(o.sql);
  // The full-text index keyed by publish time, filled in key order as the copy
  // after an upgrade fills it (src/server/news/search-index.ts); before 0014, the
  // old one keyed by id.
  const timeKeyed = raw
    .prepare(`SELECT 1 FROM sqlite_master WHERE name = 'news_items_search'`)
    .get();
  raw.exec(
    timeKeyed
      ? `INSERT INTO news_items_search (rowid, title, summary_text, content_text)
    SELECT ${searchKey('news_items')}, title, summary_text, coalesce(content_text, '')
    FROM news_items ORDER BY 1`
      : `INSERT INTO news_items_fts (news_items_fts) VALUES ('rebuild')`,
  );
  raw.exec(COUNTS_SQL);
  raw.exec(SOURCE_COUNTS_SQL);
  for (const o of setAside.filter((x) => x.type === 'trigger')) raw.exec(o.sql);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  const { n } = raw.prepare('SELECT sum(item_count) AS n FROM source_item_counts').get() as {
    n: number;
  };
  raw.close();
  if (n !== options.items)
    throw new Error(`seed check failed: counts say ${n}, expected ${options.items}`);
  return { ...owners, seconds: (Date.now() - started) / 1000 };
}

/** Seeds into an open PostgreSQL database (its search_path schema). */
export async function seedPostgres(
  db: DB,
  client: pg.ClientBase,
  options: SeedOptions,
): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  await migrateToLatest(db);
  const owners = await seedOwners(db, options.users ?? 50);
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'news_items'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'news_items'::regclass)`,
    )
  ).rows;
  for (const i of indexes) await client.query(`DROP INDEX ${i.indexname}`);
  await client.query('ALTER TABLE news_items DISABLE TRIGGER USER');
  let done = 0;
  for (const c of generateItems(options.items, owners.sources, 10_000)) {
    await client.query(
      `INSERT INTO news_items (source_id, dedupe_key, url, title, summary, summary_text, image_url, published_at,
        fetched_at, updated_at, item_type, is_breaking, engagement_score)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
        $8::bigint[], $9::bigint[], $10::bigint[], $11::text[], $12::int[], $13::bigint[])`,
      [
        c.source_id,
        c.dedupe_key,
        c.url,
        c.title,
        c.summary,
        c.summary_text,
        c.image_url,
        c.published_at,
        c.fetched_at,
        c.updated_at,
        c.item_type,
        c.is_breaking,
        c.engagement_score,
      ],
    );
    done += c.source_id.length;
    if (done % 200_000 === 0)
      log(`  postgres: ${done} items inserted (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  log('  postgres: rebuilding indexes and counts, VACUUM ANALYZE…');
  await client.query("SET maintenance_work_mem = '512MB'");
  for (const i of indexes) await client.query(i.indexdef);
  await client.query(COUNTS_SQL);
  await client.query(SOURCE_COUNTS_SQL);
  await client.query('ALTER TABLE news_items ENABLE TRIGGER USER');
  await client.query('VACUUM ANALYZE news_items');
  const n = await seededItems(db);
  if (n !== options.items)
    throw new Error(`seed check failed: counts say ${n}, expected ${options.items}`);
  return { ...owners, seconds: (Date.now() - started) / 1000 };
}
