// The alerts engine on a fake clock over a real server and database: stories
// grouped into digests, launch countdowns on the current NET, quiet hours that
// defer (and "now" events that may break them), retries with back-off, and two
// dispatchers on one database sending each alert once. SQLite and PostgreSQL.
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAlertEngine } from '../../src/server/alerts/engine';
import { withSources } from '../../src/server/alerts/sources';
import type { LaunchSnapshot } from '../../src/server/alerts/triggers/types';
import { manualClock } from '../../src/server/jobs/clock';
import { startNtfy, startWebhook, type HttpReceiver } from '../helpers/alert-receivers';
import { dialects } from '../helpers/database';
import { createItem, createSessionUser, createSource } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const T0 = Date.UTC(2025, 2, 10, 12, 0);

describe.each(dialects)('the alerts engine (%s)', (dialect) => {
  let server: TestServer;
  let ntfy: HttpReceiver;
  let hook: HttpReceiver;
  const clock = manualClock(T0);
  let launches: LaunchSnapshot[] = [];

  beforeAll(async () => {
    [ntfy, hook] = await Promise.all([startNtfy(), startWebhook()]);
    server = await startTestServer({
      dialect,
      jobs: { clock },
      alerts: { sources: withSources({ launches: async () => launches }) },
    });
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([ntfy.close(), hook.close()]);
  });
  beforeEach(() => {
    ntfy.received.length = 0;
    hook.received.length = 0;
    launches = [];
  });

  async function signedIn() {
    const user = await createSessionUser(server);
    const client = server.client();
    const headers = { cookie: user.cookie };
    const post = async (path: string, body: unknown) => {
      const res = await client.post(path, body, headers);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
      return res.body;
    };
    const channel = (
      await post('/_api/alerts/channels', {
        kind: 'ntfy',
        name: 'Phone',
        url: ntfy.url,
        topic: `u${user.id}`,
      })
    ).id as number;
    return {
      user,
      channel,
      post,
      get: async (path: string) => (await client.get(path, headers)).body,
    };
  }
  const engine = () => server.ctx.alerts;
  /** One run of the alerts job at the clock's time. */
  const tick = () => engine().runJob(clock.now());
  const titles = (topic: string) =>
    ntfy.received.filter((r) => r.json.topic === topic).map((r) => r.json.title as string);

  it('groups matching stories: one alone, two apart, three or more as a digest of five titles and "+N more"', async () => {
    clock.set(T0);
    const u = await signedIn();
    const topic = `u${u.user.id}`;
    const source = await createSource(server);
    const other = await createSource(server, { userId: (await createSessionUser(server)).id });
    await createItem(server, source, { title: 'Artemis II crew named (before the rule)' });
    await u.post('/_api/alerts/rules', {
      trigger: { kind: 'stories', query: 'artemis' },
      channelIds: [u.channel],
      enabled: true,
    });

    for (const n of [1, 2, 3]) await createItem(server, source, { title: `Artemis update ${n}` });
    await createItem(server, source, { title: 'Perseverance finds a rock' });
    await createItem(server, other, { title: "Artemis news in someone else's feed" });
    await tick();
    expect(titles(topic)).toEqual([]); // collecting for a minute
    clock.advance(30 * S);
    await createItem(server, source, { title: 'Artemis update 4' });
    await tick();
    clock.advance(91 * S);
    await tick();
    expect(titles(topic)).toEqual(['4 new stories matching “artemis”']);
    expect(ntfy.received.at(-1)!.json.message).toBe(
      '• Artemis update 1\n• Artemis update 2\n• Artemis update 3\n• Artemis update 4',
    );
    expect(ntfy.received.at(-1)!.json.click).toMatch(
      new RegExp(`^${server.url}/alerts\\?alert=\\d+$`),
    );

    for (const n of [5, 6, 7, 8, 9, 10, 11])
      await createItem(server, source, { title: `Artemis update ${n}` });
    await tick();
    clock.advance(91 * S);
    await tick();
    expect(ntfy.received.at(-1)!.json.message).toBe(
      '• Artemis update 5\n• Artemis update 6\n• Artemis update 7\n• Artemis update 8\n• Artemis update 9\n+2 more',
    );

    await createItem(server, source, { title: 'Artemis pair A' });
    await createItem(server, source, { title: 'Artemis pair B' });
    await tick();
    clock.advance(91 * S);
    await tick();
    await createItem(server, source, { title: 'Artemis single' });
    await tick();
    clock.advance(91 * S);
    await tick();
    expect(titles(topic).slice(2)).toEqual(['Artemis pair A', 'Artemis pair B', 'Artemis single']);
    // Nothing twice: another look finds nothing new.
    clock.advance(5 * M);
    await tick();
    expect(titles(topic)).toHaveLength(5);

    const log = await u.get('/_api/alerts/deliveries');
    expect(log.deliveries.map((d: { status: string }) => d.status)).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
      'sent',
    ]);
    expect(log.deliveries[4].stories.map((s: { title: string }) => s.title)).toEqual([
      'Artemis update 1',
      'Artemis update 2',
      'Artemis update 3',
      'Artemis update 4',
    ]);
  });

  it('holds alerts in quiet hours and sends them when they end; a "now" event may break through', async () => {
    clock.set(Date.UTC(2025, 2, 10, 23, 0));
    const u = await signedIn();
    const topic = `u${u.user.id}`;
    await u.post('/_api/alerts/settings', {
      quietHours: { start: '22:00', end: '07:00' },
      timeZone: 'UTC',
    });
    const net = clock.now() + 3 * H;
    launches = [
      {
        id: 'qh',
        name: 'Electron | Night Owl',
        net,
        status: 'go',
        provider: 'Rocket Lab',
        vehicle: 'Electron',
      },
    ];
    await u.post('/_api/alerts/rules', {
      trigger: { kind: 'launch', before: ['1h'], liftoff: true },
      channelIds: [u.channel],
      enabled: true,
      overrideQuietHours: true,
    });
    await u.post('/_api/alerts/rules', {
      trigger: { kind: 'launch', outcome: true },
      channelIds: [u.channel],
      enabled: true,
    });
    await tick();
    clock.set(net - H);
    await tick();
    expect(titles(topic)).toEqual([]);
    const deferred = await u.get('/_api/alerts/deliveries?status=deferred');
    expect(deferred.deliveries[0]).toMatchObject({
      title: 'T−1 h: Electron | Night Owl',
      reason: 'Held for quiet hours until 07:00',
    });

    clock.set(net);
    launches = [{ ...launches[0], status: 'in-flight' }];
    await tick();
    expect(titles(topic)).toEqual(['Liftoff: Electron | Night Owl']); // a "now" event, allowed to
    clock.advance(10 * M);
    launches = [{ ...launches[0], status: 'success' }];
    await tick();
    expect(titles(topic)).toHaveLength(1); // the outcome waits

    clock.set(Date.UTC(2025, 2, 11, 7, 0));
    await tick();
    // The outcome, held till 07:00; the countdown held with it became moot at liftoff.
    expect(titles(topic).slice(1)).toEqual(['Launch successful: Electron | Night Owl']);
    const log = (await u.get('/_api/alerts/deliveries')).deliveries;
    expect(
      log.find((d: { title: string }) => d.title.startsWith('Launch successful')).reason,
    ).toMatch(/^Held for quiet hours, sent Tue 11 Mar, 07:00 UTC$/);
    expect(log.find((d: { title: string }) => d.title.startsWith('T−1 h'))).toMatchObject({
      status: 'cancelled',
      reason: 'Cancelled: the launch has lifted off',
    });
  });

  it('counts down to the current NET: a move replaces the countdowns, a hold cancels them', async () => {
    clock.set(T0);
    const u = await signedIn();
    const topic = `u${u.user.id}`;
    const base: LaunchSnapshot = {
      id: 'f9',
      name: 'Falcon 9 | Starlink 10-1',
      net: T0 + 3 * H,
      status: 'go',
      provider: 'SpaceX',
      vehicle: 'Falcon 9 Block 5',
    };
    launches = [base];
    await tick(); // known before the rule exists
    await u.post('/_api/alerts/rules', {
      trigger: {
        kind: 'launch',
        scope: 'provider',
        provider: 'SpaceX',
        before: ['1h', '10m'],
        moved: true,
        holds: true,
      },
      channelIds: [u.channel],
      enabled: true,
    });
    const rules = await u.get('/_api/alerts/rules');
    expect(rules.rules[0].summary).toBe(
      'Tell me 1 hour and 10 minutes before any SpaceX launch, and when it moves by 15 minutes or more and is held, scrubbed or set to TBD, by ntfy',
    );
    clock.set(T0 + H);
    launches = [{ ...base, net: T0 + 4 * H }];
    await tick();
    expect(titles(topic)).toEqual(['Launch moved: Falcon 9 | Starlink 10-1']);
    clock.set(T0 + 2 * H); // the old T−1 h: nothing
    await tick();
    expect(titles(topic)).toHaveLength(1);
    clock.set(T0 + 3 * H + 20 * S);
    await tick();
    expect(titles(topic)).toEqual([
      'Launch moved: Falcon 9 | Starlink 10-1',
      'T−1 h: Falcon 9 | Starlink 10-1',
    ]);
    expect(ntfy.received.at(-1)!.at).toBeDefined();
    clock.set(T0 + 3 * H + 30 * M);
    launches = [{ ...base, net: T0 + 4 * H, status: 'hold' }];
    await tick();
    clock.set(T0 + 4 * H - 10 * M);
    await tick();
    expect(titles(topic).slice(2)).toEqual(['Launch on hold: Falcon 9 | Starlink 10-1']);
    const log = await u.get('/_api/alerts/deliveries?status=cancelled');
    expect(log.deliveries.map((d: { reason: string }) => d.reason)).toEqual([
      'Cancelled: the launch is on hold',
      'Replaced: the launch time changed',
      'Replaced: the launch time changed',
    ]);
  });

  it('retries 429 and 5xx with back-off, five tries at most', async () => {
    clock.set(T0);
    const u = await signedIn();
    const webhook = (
      await u.post('/_api/alerts/channels', { kind: 'webhook', name: 'Hook', url: hook.url })
    ).id;
    const source = await createSource(server);
    await u.post('/_api/alerts/rules', {
      trigger: { kind: 'stories', sourceIds: [source] },
      channelIds: [webhook],
      enabled: true,
    });
    hook.script.failNext(503, 1);
    hook.script.failNext(429, 1, { 'retry-after': '300' });
    await createItem(server, source, { title: 'Retry me' });
    await tick();
    clock.advance(91 * S);
    await tick();
    let [d] = (await u.get('/_api/alerts/deliveries')).deliveries;
    expect(d).toMatchObject({ status: 'pending', attempts: 1 });
    expect(d.reason).toMatch(
      /^Try 1 of 5 failed \(The webhook answered 503: scripted failure\); trying again /,
    );
    expect(Date.parse(d.dueAt) - clock.now()).toBe(30 * S);
    clock.advance(30 * S);
    await tick();
    [d] = (await u.get('/_api/alerts/deliveries')).deliveries;
    expect(Date.parse(d.dueAt) - clock.now()).toBe(300 * S); // Retry-After beats the 2 min back-off
    clock.advance(300 * S);
    await tick();
    [d] = (await u.get('/_api/alerts/deliveries')).deliveries;
    expect(d).toMatchObject({ status: 'sent', attempts: 3, reason: 'Sent on try 3' });
    expect(hook.received).toHaveLength(1);

    hook.script.failNext(500, 5);
    await createItem(server, source, { title: 'Never arrives' });
    await tick();
    for (const wait of [91 * S, 30 * S, 2 * M, 8 * M, 32 * M]) {
      clock.advance(wait);
      await tick();
    }
    [d] = (await u.get('/_api/alerts/deliveries')).deliveries;
    expect(d).toMatchObject({ status: 'failed', attempts: 5 });
    expect(d.reason).toBe('Gave up after 5 tries: The webhook answered 500: scripted failure');
    expect(hook.received).toHaveLength(1);
  });

  it('two dispatchers on one database send each alert exactly once', async () => {
    clock.set(T0);
    const u = await signedIn();
    const topic = `u${u.user.id}`;
    const sources = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createSource(server)));
    for (const s of sources)
      await u.post('/_api/alerts/rules', {
        trigger: { kind: 'stories', sourceIds: [s] },
        channelIds: [u.channel],
        enabled: true,
      });
    for (const s of sources) await createItem(server, s, { title: `Story of ${s}` });
    await engine().detect(clock.now());
    clock.advance(91 * S);
    const second = createAlertEngine(
      { config: server.config, db: server.db, dialect, log: pino({ enabled: false }) },
      { clock },
    );
    await Promise.all([
      engine().dispatch(),
      second.dispatch(),
      engine().dispatch(),
      second.dispatch(),
    ]);
    await second.stop();
    expect(titles(topic).toSorted()).toEqual(sources.map((s) => `Story of ${s}`).toSorted());
  });

  it('a rule turned off cancels what it has pending; its owner alone sees or changes it', async () => {
    clock.set(T0);
    const u = await signedIn();
    const stranger = await signedIn();
    const source = await createSource(server);
    const { id } = await u.post('/_api/alerts/rules', {
      trigger: { kind: 'stories', sourceIds: [source] },
      channelIds: [u.channel],
      enabled: true,
    });
    await createItem(server, source, { title: 'Pending story' });
    await tick();
    const rule = { id, trigger: { kind: 'stories', sourceIds: [source] }, channelIds: [u.channel] };
    expect(
      (
        await server
          .client()
          .post('/_api/alerts/rules', { ...rule, enabled: false }, { cookie: stranger.user.cookie })
      ).status,
    ).toBe(404);
    expect(
      (
        await server
          .client()
          .post('/_api/alerts/rules/delete', { id }, { cookie: stranger.user.cookie })
      ).status,
    ).toBe(404);
    expect((await stranger.get('/_api/alerts/deliveries')).deliveries).toEqual([]);
    await u.post('/_api/alerts/rules', { ...rule, enabled: false });
    clock.advance(91 * S);
    await tick();
    expect(titles(`u${u.user.id}`)).toEqual([]);
    const [d] = (await u.get('/_api/alerts/deliveries')).deliveries;
    expect(d).toMatchObject({ status: 'cancelled', reason: 'Cancelled: the rule was turned off' });
    expect((await u.get('/_api/alerts/rules')).rules[0]).toMatchObject({ enabled: false });
    expect(await u.post('/_api/alerts/rules/delete', { id })).toEqual({ success: true });
    expect((await u.get('/_api/alerts/deliveries')).deliveries).toEqual([]);
  });
});
