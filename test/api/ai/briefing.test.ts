// writeBriefing, as the scheduler calls it: windows, one item per window, and
// the stories each window takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefingForJobs, writeBriefing } from '../../../src/server/ai/briefing';
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

  it('is the jobs dependency deps.briefing(slot, now)', async () => {
    const briefing = briefingForJobs(server.ctx);
    const result = await briefing('evening', EVENING);
    expect(result.title).toBe('Evening briefing: Nov 24, 2026');
    expect(result.updated).toBe(true); // the evening test above wrote this window
  });
});
