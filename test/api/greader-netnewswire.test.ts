// Contract: the calls NetNewsWire makes to a Google Reader API server, in the
// order it makes them (Modules/Account/Sources/Account/ReaderAPI/: validate the
// credentials with ClientLogin, then per refresh: tag list and subscription
// list, conditionally; article ids since the last fetch, unread ids, starred
// ids, each paged by continuation; the missing articles' contents, 150 ids a
// POST; statuses sent with edit-tag and the T token, re-fetched once on a 401).
// Answers are decoded the way NetNewsWire's Codable types decode them (the zod
// schemas below), so a field it requires cannot go missing unnoticed. The items
// are real: two recorded feeds ingested through the pipeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import {
  createAdmin,
  createItems,
  createSignedInUser,
  createSource,
  signIn,
  type TestUser,
} from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { form, newApiPassword } from '../helpers/sync';

// NetNewsWire's Codable structs (ReaderAPITag, ReaderAPISubscription, ReaderAPIEntry,
// ReaderAPIUnreadEntry): non-optional Swift fields are required here.
const tagContainer = z.object({
  tags: z.array(z.object({ id: z.string(), type: z.string().optional() })),
});
const subscriptionContainer = z.object({
  subscriptions: z.array(
    z.object({
      id: z.string(),
      title: z.string().optional(),
      categories: z.array(z.object({ id: z.string(), label: z.string() })),
      url: z.string().optional(),
      htmlUrl: z.string().optional(),
      iconUrl: z.string().optional(),
    }),
  ),
});
const referenceWrapper = z.object({
  itemRefs: z.array(z.object({ id: z.string().regex(/^\d+$/) })).optional(),
  continuation: z.string().optional(),
});
const entryWrapper = z.object({
  id: z.string(),
  updated: z.number().int(),
  items: z.array(
    z.object({
      id: z.string().regex(/^tag:google\.com,2005:reader\/item\/[0-9a-f]{16}$/),
      title: z.string().optional(),
      author: z.string().optional(),
      published: z.number().optional(),
      crawlTimeMsec: z.string().optional(),
      timestampUsec: z.string().optional(),
      summary: z.object({ content: z.string().optional() }),
      alternate: z.array(z.object({ href: z.string().optional() })).optional(),
      categories: z.array(z.string()),
      origin: z.object({ streamId: z.string().optional(), title: z.string().optional() }),
    }),
  ),
});

const READING_LIST = 'user/-/state/com.google/reading-list';

/** NetNewsWire's ReaderAPICaller, reduced to what goes over the wire. */
class NetNewsWire {
  auth = '';
  private token: string | null = null;
  private conditional = new Map<string, { etag: string | null; lastModified: string | null }>();
  lastArticleFetch: Date | null = null;
  readonly log: string[] = [];

  constructor(private readonly endpoint: string) {}

  private async send(path: string, init: RequestInit = {}, key?: string) {
    const headers = new Headers(init.headers);
    if (this.auth) headers.set('authorization', `GoogleLogin auth=${this.auth}`);
    const known = key ? this.conditional.get(key) : undefined;
    if (known?.etag) headers.set('if-none-match', known.etag);
    if (known?.lastModified) headers.set('if-modified-since', known.lastModified);
    const res = await fetch(`${this.endpoint}${path}`, { ...init, headers });
    this.log.push(`${init.method ?? 'GET'} ${path.split('?')[0]} ${res.status}`);
    if (key && res.status === 200)
      this.conditional.set(key, {
        etag: res.headers.get('etag'),
        lastModified: res.headers.get('last-modified'),
      });
    if (res.status >= 400)
      throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status });
    return res;
  }

  async validateCredentials(email: string, password: string) {
    const res = await this.send('/accounts/ClientLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form([
        ['Email', email],
        ['Passwd', password],
      ]),
    });
    const authData: Record<string, string> = {};
    for (const line of (await res.text()).split('\n')) {
      const items = line.split('=');
      if (items.length === 2) authData[items[0]] = items[1];
    }
    if (!authData.Auth) throw new Error('missingAccessToken');
    this.auth = authData.Auth;
  }

  async requestAuthorizationToken() {
    if (this.token) return this.token;
    const text = await (await this.send('/reader/api/0/token')).text();
    this.token = text.endsWith('\n') ? text.slice(0, -1) : text;
    return this.token;
  }

  /** A POST with the write token, fetched again and retried once on a 401 or 403. */
  async withWriteToken(path: string, body: (token: string) => string) {
    const post = async () =>
      this.send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body(await this.requestAuthorizationToken()),
      });
    try {
      return await post();
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status !== 401 && status !== 403) throw err;
      this.token = null;
      return post();
    }
  }

  /** retrieveTags / retrieveSubscriptions: null when the server answered 304. */
  async retrieveTags() {
    const res = await this.send('/reader/api/0/tag/list?output=json', {}, 'tags');
    return res.status === 304 ? null : tagContainer.parse(await res.json()).tags;
  }

  async retrieveSubscriptions() {
    const res = await this.send('/reader/api/0/subscription/list?output=json', {}, 'subscriptions');
    return res.status === 304 ? null : subscriptionContainer.parse(await res.json()).subscriptions;
  }

  async retrieveItemIds(type: 'allForAccount' | 'unread' | 'starred') {
    const query: Array<[string, string]> = [
      ['n', '1000'],
      ['output', 'json'],
    ];
    if (type === 'allForAccount') {
      const since = this.lastArticleFetch ?? new Date(Date.now() - 90 * 24 * 3600 * 1000);
      query.push(['ot', String(Math.floor(since.getTime() / 1000))], ['s', READING_LIST]);
    } else if (type === 'unread') {
      query.push(['s', READING_LIST], ['xt', 'user/-/state/com.google/read']);
    } else {
      query.push(['s', 'user/-/state/com.google/starred']);
    }
    const ids: string[] = [];
    let continuation: string | undefined;
    let date: string | null = null;
    do {
      const page = [...query, ...(continuation ? [['c', continuation] as [string, string]] : [])];
      const res = await this.send(`/reader/api/0/stream/items/ids?${form(page)}`);
      date ??= res.headers.get('date');
      const body = referenceWrapper.parse(await res.json());
      ids.push(...(body.itemRefs ?? []).map((r) => r.id));
      continuation = body.continuation;
    } while (continuation);
    if (type === 'allForAccount' && date) this.lastArticleFetch = new Date(date);
    return ids;
  }

  /** retrieveEntries: long-form ids, zero-padded hex, with T and output=json in the body. */
  async retrieveEntries(articleIds: string[]) {
    const i = articleIds
      .map((id) => `i=tag:google.com,2005:reader/item/${Number(id).toString(16).padStart(16, '0')}`)
      .join('&');
    const res = await this.withWriteToken(
      '/reader/api/0/stream/items/contents',
      (token) => `T=${token}&output=json&${i}`,
    );
    return entryWrapper.parse(await res.json()).items;
  }

  async updateStateToEntries(articleIds: string[], state: 'read' | 'starred', add: boolean) {
    const i = articleIds
      .map((id) => `i=tag:google.com,2005:reader/item/${Number(id).toString(16).padStart(16, '0')}`)
      .join('&');
    const res = await this.withWriteToken(
      '/reader/api/0/edit-tag',
      (token) => `T=${token}&${i}&${add ? 'a' : 'r'}=user/-/state/com.google/${state}`,
    );
    const text = await res.text();
    if (text !== 'OK') throw new Error(`edit-tag answered ${text}`);
  }

  /** Drops the cached token, as after a relaunch with a stale one. */
  forgetToken(stale: string) {
    this.token = stale;
  }
}

describe.each(dialects)('NetNewsWire against the Google Reader API (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let alice: { user: TestUser; client: ApiClient };
  let password = '';

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures.route('/nasa.xml', { file: 'rss2-nasa-breaking-news-legacy.xml' });
    fixtures.route('/heise.xml', { file: 'atom-heise-developer.xml' });
    server = await startTestServer({ dialect });
    const admin = await signIn(server, await createAdmin(server));
    const ids: string[] = [];
    for (const [name, path] of [
      ['NASA', '/nasa.xml'],
      ['heise Developer', '/heise.xml'],
    ]) {
      const res = await admin.post('/_api/admin/sources-create', {
        name,
        url: `${fixtures.url}${path}`,
        sourceType: 'rss',
      });
      ids.push(res.body.id);
    }
    const fetched = await admin.post('/_api/news/fetch', { sourceIds: ids });
    if (fetched.body.sourcesFailed !== 0) throw new Error(`ingestion failed: ${fetched.text}`);
    // Fetched ten minutes ago: the first sync's "since" (the Date header, whole
    // seconds) then falls after every item, whatever the clock says now.
    await server.db
      .updateTable('news_items')
      .set((eb) => ({ fetched_at: eb('fetched_at', '-', 600_000) }))
      .execute();
    alice = await createSignedInUser(server);
    await alice.client.post('/_api/news/sources/folder', { sourceId: ids[1], folder: 'Tech' });
    // And a personal source with enough stories that the contents take two calls.
    const own = await createSource(server, { name: 'Own blog', userId: alice.user.id });
    await createItems(
      server,
      own,
      Array.from({ length: 150 }, (_, k) => ({ fetched_at: Date.now() - 700_000 - k * 1000 })),
    );
    password = (await newApiPassword(alice.client, 'NetNewsWire')).password;
  }, 180_000);
  afterAll(async () => {
    await server.close();
    await fixtures.close();
  });

  it('syncs an account from scratch, sends statuses, and syncs again incrementally', async () => {
    const nnw = new NetNewsWire(`${server.url}/api/greader`);
    await nnw.validateCredentials(alice.user.email, password);

    // refreshAll → refreshAccount: folders and feeds.
    const tags = await nnw.retrieveTags();
    expect(tags?.map((t) => t.id)).toEqual([
      'user/-/state/com.google/starred',
      'user/-/label/Tech',
    ]);
    const subscriptions = await nnw.retrieveSubscriptions();
    expect(subscriptions?.map((s) => s.title).toSorted()).toEqual([
      'NASA',
      'Own blog',
      'heise Developer',
    ]);
    expect(subscriptions?.find((s) => s.title === 'heise Developer')?.categories).toEqual([
      { id: 'user/-/label/Tech', label: 'Tech' },
    ]);

    // Article ids, then the unread and starred ones that correct their state.
    const all = await nnw.retrieveItemIds('allForAccount');
    expect(all.length).toBeGreaterThan(170);
    const unread = await nnw.retrieveItemIds('unread');
    expect(unread.toSorted()).toEqual(all.toSorted());
    expect(await nnw.retrieveItemIds('starred')).toEqual([]);

    // refreshMissingArticles: 150 a call.
    const entries = [];
    for (let i = 0; i < all.length; i += 150)
      entries.push(...(await nnw.retrieveEntries(all.slice(i, i + 150))));
    expect(entries).toHaveLength(all.length);
    expect(nnw.log.filter((l) => l.startsWith('POST /reader/api/0/stream/items/contents'))).toEqual(
      [
        'POST /reader/api/0/stream/items/contents 200',
        'POST /reader/api/0/stream/items/contents 200',
      ],
    );
    const heise = entries.filter((e) => e.origin.title === 'heise Developer');
    expect(heise.length).toBeGreaterThan(0);
    expect(heise[0].categories).toContain('user/-/label/Tech');
    expect(heise.every((e) => (e.summary.content ?? '').length > 0)).toBe(true);

    // The user reads three articles and stars one; NetNewsWire sends the statuses.
    const [a, b, c, d] = all;
    await nnw.updateStateToEntries([a, b, c], 'read', true);
    await nnw.updateStateToEntries([d], 'starred', true);
    const web = await alice.client.get('/_api/news/list?status=read&pageSize=50');
    expect(web.body.items.map((i: { id: string }) => i.id).toSorted()).toEqual(
      [a, b, c].toSorted(),
    );
    expect((await alice.client.get('/_api/news/list?saved=true')).body.items[0].id).toBe(d);

    // The web app marks one unread again; the next sync sees it.
    await alice.client.post('/_api/news/mark-read', { itemIds: [a], read: false });

    // A later refresh: lists unchanged (304), no new articles since the last one,
    // unread ids tell the new state.
    expect(await nnw.retrieveTags()).toBeNull();
    expect(await nnw.retrieveSubscriptions()).toBeNull();
    expect(await nnw.retrieveItemIds('allForAccount')).toEqual([]);
    const unreadNow = await nnw.retrieveItemIds('unread');
    expect(unreadNow).toContain(a);
    expect(unreadNow).not.toContain(b);
    expect(await nnw.retrieveItemIds('starred')).toEqual([d]);

    // A moved folder changes the lists again.
    await alice.client.post('/_api/news/sources/folder', {
      sourceId: subscriptions!.find((s) => s.title === 'NASA')!.id.replace('feed/', ''),
      folder: 'Space',
    });
    expect((await nnw.retrieveTags())?.map((t) => t.id)).toContain('user/-/label/Space');
    expect(await nnw.retrieveSubscriptions()).not.toBeNull();

    // A stale write token: 401, a fresh token, the same call again.
    nnw.forgetToken('0'.repeat(57));
    await nnw.updateStateToEntries([b], 'read', false);
    expect(nnw.log.filter((l) => l.startsWith('POST /reader/api/0/edit-tag')).slice(-2)).toEqual([
      'POST /reader/api/0/edit-tag 401',
      'POST /reader/api/0/edit-tag 200',
    ]);
    expect((await nnw.retrieveItemIds('unread')).toSorted()).toEqual([...unreadNow, b].toSorted());
  });
});
