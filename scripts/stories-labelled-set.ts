// Builds the story-clustering measurement set (test/fixtures/stories/) from the
// real Spaceflight News API articles in ../shared/fixtures/space-data/ and the
// hand labels in test/fixtures/stories/labels.json. README.md there says how.
//
//   npx tsx scripts/stories-labelled-set.ts [path/to/snapi-articles.json]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const HOUR = 3_600_000;
/** The rule for candidate positives: different sites within 48 hours sharing a launch. */
const PAIR_WINDOW_MS = 48 * HOUR;

const here = path.resolve(import.meta.dirname, '../test/fixtures/stories');
const from = path.resolve(
  process.argv[2] ??
    path.join(import.meta.dirname, '../../shared/fixtures/space-data/snapi-articles.json'),
);

// `_norm` is the file's uniform view of the v2/v3/v4 shapes (its README).
const snapi = z.array(
  z
    .object({
      _norm: z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        title: z.string(),
        url: z.string(),
        news_site: z.string(),
        summary: z.string().nullable(),
        published_at: z.string(),
        launch_ids: z.array(z.string()),
      }),
    })
    .transform((record) => record['_norm']),
);
const labelsSchema = z.object({
  stories: z.record(z.string(), z.array(z.string())),
  excluded: z.record(z.string(), z.string()),
  hardNegatives: z.array(z.tuple([z.string(), z.string(), z.string()])),
});

/** "NASA Spaceflight" (API v2/v3) and "NASASpaceflight" (v4) are one outlet. */
export const siteKey = (site: string) => site.toLowerCase().replace(/[^a-z0-9]/g, '');

// Whole months and windows whose every article is labelled: the clustering fixture's
// distractors, so a wrong merge with an unrelated article of the day shows.
const WHOLE = [
  ['2020-12-01', '2020-12-31'],
  ['2021-10-01', '2021-12-31'],
  ['2022-02-01', '2022-02-28'],
  ['2022-05-01', '2022-07-31'],
  ['2023-05-01', '2023-06-30'],
  ['2023-11-01', '2023-11-30'],
  ['2026-02-12', '2026-02-16'],
  ['2026-03-25', '2026-04-12'],
];

const raw = snapi.parse(JSON.parse(readFileSync(from, 'utf8')));
const labels = labelsSchema.parse(JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')));
const all = new Map(raw.map((a) => [a.id, a]));
const time = (id: string) => Date.parse(all.get(id)!.published_at);
const site = (id: string) => siteKey(all.get(id)!.news_site);

const storyOf = new Map<string, string>();
for (const [story, ids] of Object.entries(labels.stories))
  for (const id of ids) {
    if (!all.has(id)) throw new Error(`labels.json names ${id}, which is not in ${from}`);
    if (storyOf.has(id)) throw new Error(`${id} is in two stories`);
    storyOf.set(id, story);
  }
const story = (id: string) => storyOf.get(id) ?? `single-${id}`;
const excluded = new Set(Object.keys(labels.excluded));

type Pair = { a: string; b: string; same: boolean; rule: string; note?: string };
const pairs = new Map<string, Pair>();
const key = (a: string, b: string) => [a, b].toSorted().join(' ');
const ordered = (a: string, b: string) => (time(a) <= time(b) ? [a, b] : [b, a]);

// 1. Shared launch id, different sites, within 48 hours.
const byLaunch = new Map<string, string[]>();
for (const a of all.values())
  for (const l of a.launch_ids) byLaunch.set(l, [...(byLaunch.get(l) ?? []), a.id]);
for (const ids of byLaunch.values())
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const [a, b] = ordered(ids[i], ids[j]);
      if (site(a) === site(b) || time(b) - time(a) > PAIR_WINDOW_MS) continue;
      if (excluded.has(a) || excluded.has(b)) continue;
      pairs.set(key(a, b), { a, b, same: story(a) === story(b), rule: 'shared-launch' });
    }

// 2. Hard negatives: read and judged different stories of one series.
for (const [x, y, note] of labels.hardNegatives) {
  const [a, b] = ordered(x, y);
  if (story(a) === story(b)) throw new Error(`hard negative ${a} ${b} is labelled one story`);
  pairs.set(key(a, b), { a, b, same: false, rule: 'series', note });
}

// The articles: the whole windows, and every article a pair or a story names.
const inWindow = (id: string) => {
  const day = all.get(id)!.published_at.slice(0, 10);
  return WHOLE.some(([start, end]) => day >= start && day <= end);
};
const chosen = new Set<string>();
for (const id of all.keys()) if (inWindow(id) && !excluded.has(id)) chosen.add(id);
for (const p of pairs.values()) chosen.add(p.a).add(p.b);
for (const id of storyOf.keys()) chosen.add(id);

// 3. Same story, different sites, within 48 hours, not found by rule 1 (no shared launch id).
const ids = [...chosen].toSorted((x, y) => time(x) - time(y) || x.localeCompare(y));
for (let i = 0; i < ids.length; i++)
  for (let j = i + 1; j < ids.length && time(ids[j]) - time(ids[i]) <= PAIR_WINDOW_MS; j++) {
    const [a, b] = [ids[i], ids[j]];
    if (site(a) === site(b) || story(a) !== story(b) || pairs.has(key(a, b))) continue;
    pairs.set(key(a, b), { a, b, same: true, rule: 'same-story' });
  }

const articles = ids.map((id) => {
  const a = all.get(id)!;
  return {
    id,
    site: a.news_site,
    title: a.title,
    summary: a.summary ?? '',
    url: a.url,
    publishedAt: a.published_at,
    launchIds: a.launch_ids,
    story: story(id),
    window: inWindow(id),
  };
});
const list = [...pairs.values()].toSorted(
  (p, q) => time(p.a) - time(q.a) || p.a.localeCompare(q.a),
);
writeFileSync(path.join(here, 'articles.json'), `${JSON.stringify(articles, null, 1)}\n`);
writeFileSync(path.join(here, 'pairs.json'), `${JSON.stringify(list, null, 1)}\n`);

const count = (rule: string, same: boolean) =>
  list.filter((p) => p.rule === rule && p.same === same).length;
const stories = new Set(articles.map((a) => a.story));
console.log(
  `${articles.length} articles in ${stories.size} stories (${Object.keys(labels.stories).length} with more than one article); ` +
    `${list.length} pairs: shared-launch ${count('shared-launch', true)} same / ${count('shared-launch', false)} different, ` +
    `series ${count('series', false)} different, same-story ${count('same-story', true)} same`,
);
