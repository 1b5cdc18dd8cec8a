// A realistic feed straight into the database: default sources with stories,
// some with images, most without (as many real feeds), for browser tests and
// the bundle bench.
import type { DB } from '../../src/server/db/database';
import { createItem, createSource } from './factories';

const HOUR = 3_600_000;

export const SEED_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#0b1030"/><circle cx="320" cy="180" r="120" fill="#f4d27a"/></svg>',
  );

const TOPICS = [
  'Webb spots carbon dioxide in an exoplanet atmosphere',
  'Perseverance caches its twentieth rock core on Mars',
  'A new comet could reach naked-eye brightness this spring',
  'Solar Orbiter flies closer to the Sun than ever before',
  'Astronomers map the dark matter halo of the Milky Way',
  'The Artemis crew trains for a lunar flyby',
  'Gaia releases a catalogue of two billion stars',
  'A fast radio burst traced to a distant galaxy merger',
];

/** `sources` default sources with `perSource` stories each, newest first overall. */
export async function seedFeed(
  db: DB,
  { sources = 3, perSource = 10 }: { sources?: number; perSource?: number } = {},
): Promise<string[]> {
  const now = Date.now();
  const names = ['Cosmos Daily', 'Orbit Weekly', 'Deep Sky News', 'Launch Pad', 'Star Notes'];
  const ids: string[] = [];
  for (let s = 0; s < sources; s++) {
    const name = names[s % names.length] + (s >= names.length ? ` ${s}` : '');
    const url = `https://source-${s}.example.test/feed`;
    const source = await createSource(db, {
      name,
      url,
      last_fetched_at: now,
      last_status: 'ok',
      next_fetch_at: now + 24 * HOUR,
    });
    ids.push(String(source));
    for (let i = 0; i < perSource; i++) {
      const title = `${TOPICS[(s + i) % TOPICS.length]} (${name} #${i + 1})`;
      const summary = `${title}. What happened, why it matters to astronomers, and what comes next for the mission team and the instruments on board.`;
      await createItem(db, source, {
        dedupe_key: `${url}#${i}`,
        url: `${url}/story-${i}`,
        title,
        summary: `<p>${summary}</p>`,
        summary_text: summary,
        // One story in four has an image; one in eight points at one that fails.
        image_url: i % 4 === 0 ? SEED_IMAGE : i % 8 === 2 ? '/no-such-image.png' : null,
        published_at: now - (i * sources + s + 1) * HOUR,
        fetched_at: now,
        updated_at: now,
        engagement_score: i,
      });
    }
  }
  return ids;
}
