// writeBriefing, as the scheduler calls it: windows, one item per window, and
// the stories each window takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { briefingForJobs, writeBriefing } from '../../../src/server/ai/briefing';
import type { LabelledArticle } from '../../../src/server/stories/measure';
import { recluster } from '../../../src/server/stories/recluster';
import { dialects } from '../../helpers/database';
import { startTestServer, type TestServer } from '../../helpers/server';
import { insertItem, insertSource } from './seed';

const HOUR = 3600_000;
// Tuesday 2026-11-24, 08:00 and 20:00 in New York (EST, UTC-5).
const MORNING = new Date(Date.UTC(2026, 10, 24, 13));
const EVENING = new Date(Date.UTC(2026, 10, 25, 1));

describe.each(dialects)('writeBriefing (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const source = await insertSource(server, 'Space News', null);
    const story = (title: string, at: number, isBreaking = false) =>
      insertItem(server, source, {
        title,
        text: `${title}. The story has enough words to give an extract of two sentences. It ends here.`,
        publishedAt: at,
        isBreaking,
      });
    await story('Overnight comet outburst', MORNING.getTime() - 2 * HOUR);
    await story('Yesterday lunchtime launch', MORNING.getTime() - 20 * HOUR);
    await story('Breaking solar flare this afternoon', EVENING.getTime() - 5 * HOUR, true);
    await story('Launch scheduled for next week', EVENING.getTime() + 72 * HOUR);
  });
  afterAll(async () => server?.close());

  const content = async (id: string) =>
    await server.db
      .selectFrom('news_items')
      .select(['title', 'content', 'summary_text'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();

  it('morning: the last 12 hours', async () => {
    const result = await writeBriefing(server.ctx, { slot: 'morning', now: MORNING });
    expect(result).toMatchObject({
      title: 'Morning briefing: Nov 24, 2026',
      matched: 1,
      updated: false,
    });
    const row = await content(result.itemId);
    expect(row.content).toContain('Overnight comet outburst');
    expect(row.content).not.toContain('Yesterday lunchtime launch');
  });

  it('evening: the New York day, breaking first, never the future', async () => {
    const result = await writeBriefing(server.ctx, { slot: 'evening', now: EVENING });
    expect(result.title).toBe('Evening briefing: Nov 24, 2026');
    const row = await content(result.itemId);
    expect(row.content).toContain('Overnight comet outburst');
    expect(row.content).not.toContain('Launch scheduled for next week');
    expect(row.content!.indexOf('Breaking solar flare')).toBeLessThan(
      row.content!.indexOf('Overnight comet outburst'),
    );
  });

  it('a second run in the same window rewrites that window’s briefing', async () => {
    const first = await writeBriefing(server.ctx, { slot: 'morning', now: MORNING });
    const again = await writeBriefing(server.ctx, {
      slot: 'morning',
      now: new Date(MORNING.getTime() + HOUR),
    });
    expect(again.itemId).toBe(first.itemId);
    expect(again.updated).toBe(true);
    const nextDay = await writeBriefing(server.ctx, {
      slot: 'morning',
      now: new Date(MORNING.getTime() + 24 * HOUR),
    });
    expect(nextDay.itemId).not.toBe(first.itemId);
  });

  it('stores nothing when no story falls in the window', async () => {
    const before = await server.db
      .selectFrom('news_items')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const empty = await writeBriefing(server.ctx, {
      slot: 'morning',
      now: new Date(Date.UTC(2027, 5, 1, 12)),
    });
    expect(empty).toEqual({
      itemId: '',
      title: 'Morning briefing: Jun 1, 2027',
      matched: 0,
      updated: false,
    });
    const after = await server.db
      .selectFrom('news_items')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('two writers of the same window at once leave one briefing', async () => {
    const at = new Date(Date.UTC(2026, 10, 30, 13));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => writeBriefing(server.ctx, { slot: 'morning', now: at })),
    );
    expect(new Set(results.map((r) => r.itemId)).size).toBe(1);
  });

  it('takes one bullet per story, the story most sources carried first', async () => {
    // Real reports of Crew-12's launch from three sites, and a single breaking story.
    const at = new Date(Date.UTC(2026, 11, 8, 13));
    const articles = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '../../fixtures/stories/articles.json'),
        'utf8',
      ),
    ) as LabelledArticle[];
    const launch = ['36227', '36234', '36229'].map((id) => articles.find((a) => a.id === id)!);
    const ids: number[] = [];
    for (const [i, a] of launch.entries()) {
      const source = await insertSource(server, `Launch site ${i}`, null);
      ids.push(
        await insertItem(server, source, {
          title: a.title,
          text: a.summary,
          url: a.url,
          publishedAt: at.getTime() - (5 - i) * HOUR,
        }),
      );
    }
    const single = await insertSource(server, 'Single', null);
    await insertItem(server, single, {
      title: 'Breaking: a single-source flare report',
      text: 'A flare. The story has enough words to give an extract of two sentences. It ends here.',
      publishedAt: at.getTime() - HOUR,
      isBreaking: true,
    });
    await recluster(server.db, server.config, { from: at.getTime() - 12 * HOUR, to: at.getTime() });
    const result = await writeBriefing(server.ctx, { slot: 'morning', now: at });
    expect(result.matched).toBe(2);
    const row = await content(result.itemId);
    const titles = launch.filter((a) => row.content!.includes(a.title.replace(/&/g, '&#38;')));
    expect(titles).toHaveLength(1);
    expect(row.content!.indexOf(titles[0].title)).toBeLessThan(
      row.content!.indexOf('single-source flare'),
    );
  });

  it('is the jobs dependency deps.briefing(slot, now)', async () => {
    const briefing = briefingForJobs(server.ctx);
    const result = await briefing('evening', EVENING);
    expect(result.title).toBe('Evening briefing: Nov 24, 2026');
    expect(result.updated).toBe(true); // the evening test above wrote this window
  });
});
