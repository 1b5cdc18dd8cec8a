// Sites' icons for reader apps (the Fever API's favicons): the site-icons job
// fetches each source's /favicon.ico from a local fixture server through the
// guarded client, keeps a real icon (test/fixtures/icons/favicon.ico), refuses
// what is not an image, and Fever then names each feed's icon.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createGuardedHttp } from '../../src/server/net/guarded-http';
import { fetchIcon, iconData } from '../../src/server/sync/site-icons';
import { dialects } from '../helpers/database';
import { createSignedInUser, createSource } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { Fever, GReader, feverKey, newApiPassword } from '../helpers/sync';

const ICO = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/icons/favicon.ico'));
const FEVER_ICO = `image/x-icon;base64,${ICO.toString('base64')}`;

describe('iconData', () => {
  it('takes ICO, PNG, GIF, JPEG and WebP by their first bytes, and nothing else', () => {
    const bytes = (...b: Array<number | string>) =>
      Buffer.concat(b.map((x) => (typeof x === 'string' ? Buffer.from(x) : Buffer.from([x]))));
    expect(iconData(ICO)).toBe(FEVER_ICO);
    expect(iconData(bytes(0x89, 'PNG\r\n'))).toMatch(/^image\/png;base64,/);
    expect(iconData(bytes('GIF89a'))).toMatch(/^image\/gif;base64,/);
    expect(iconData(bytes(0xff, 0xd8, 0xff, 0xe0))).toMatch(/^image\/jpeg;base64,/);
    expect(iconData(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toMatch(/^image\/webp;base64,/);
    // SVG is a document (it can script), HTML is an error page: neither is an icon here.
    expect(iconData(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(iconData(Buffer.from('<!doctype html><title>Not found</title>'))).toBeNull();
    expect(iconData(Buffer.alloc(0))).toBeNull();
    expect(iconData(Buffer.concat([ICO, Buffer.alloc(64 * 1024)]))).toBeNull();
  });

  it('asks a private address only when the operator allows it (the SSRF guard)', async () => {
    const site = await FixtureServer.start();
    site.route('/favicon.ico', { body: ICO, type: 'image/x-icon' });
    const guarded = createGuardedHttp(
      loadConfig({ FETCH_ALLOW_PRIVATE_NETWORK: 'false', DATA_DIR: '/tmp' }).ingest,
    );
    const open = createGuardedHttp(
      loadConfig({ FETCH_ALLOW_PRIVATE_NETWORK: 'true', DATA_DIR: '/tmp' }).ingest,
    );
    try {
      expect(await fetchIcon(guarded, site.url)).toBeNull();
      expect(await fetchIcon(open, site.url)).toBe(FEVER_ICO);
    } finally {
      await Promise.all([guarded.close(), open.close(), site.close()]);
    }
  });
});

describe.each(dialects)('the site-icons job and Fever favicons (%s)', (dialect) => {
  let server: TestServer;
  let withIcon: FixtureServer;
  let withPage: FixtureServer;
  let fever: Fever;
  let greader: GReader;
  const src: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    withIcon = await FixtureServer.start();
    withIcon.route('/favicon.ico', { body: ICO, type: 'image/x-icon' });
    // A site that answers every path with its home page: 200, but no icon.
    withPage = await FixtureServer.start();
    withPage.route('/favicon.ico', { body: '<!doctype html><h1>Welcome</h1>', type: 'text/html' });
    src.icon = await createSource(server, { name: 'Has Icon', url: `${withIcon.url}/feed.xml` });
    src.sameSite = await createSource(server, { name: 'Same Site', url: `${withIcon.url}/b.xml` });
    src.page = await createSource(server, { name: 'Page Only', url: `${withPage.url}/feed.xml` });
    // Nothing listens there: no icon, and the job still succeeds.
    src.gone = await createSource(server, { name: 'Gone', url: 'http://127.0.0.1:9/feed.xml' });
    const alice = await createSignedInUser(server);
    const { password } = await newApiPassword(alice.client, 'Reeder');
    fever = new Fever(server.url, feverKey(alice.user.email, password));
    greader = await GReader.login(server.url, alice.user.email, password);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), withIcon?.close(), withPage?.close()]);
  });

  it('fetches each site once, keeps the real icon, and Fever names it for both its feeds', async () => {
    expect((await fever.call('favicons')).json.favicons).toEqual([]);
    const run = await server.ctx.jobs.run('site-icons');
    expect(run).toMatchObject({ status: 'success', figures: { sitesAsked: 3, iconsFound: 1 } });

    const { favicons } = (await fever.call('favicons')).json;
    expect(favicons).toEqual([{ id: expect.any(Number), data: FEVER_ICO }]);
    const feeds: Array<{ id: number; favicon_id: number }> = (await fever.call('feeds')).json.feeds;
    const iconOf = (id: number) => feeds.find((f) => f.id === id)?.favicon_id;
    expect(iconOf(src.icon)).toBe(favicons[0].id);
    expect(iconOf(src.sameSite)).toBe(favicons[0].id);
    expect(iconOf(src.page)).toBe(0);
    expect(iconOf(src.gone)).toBe(0);

    // Asked a moment ago, found or not: the next run asks no site.
    const again = await server.ctx.jobs.run('site-icons');
    expect(again).toMatchObject({ status: 'success', figures: { sitesAsked: 0, iconsFound: 0 } });
  });

  it("gives Google Reader apps each feed's iconUrl, served without a session as the image it is", async () => {
    const res = await greader.get('subscription/list', [['output', 'json']]);
    expect(res.status).toBe(200);
    const subs: Array<{ id: string; iconUrl: string }> = JSON.parse(res.text).subscriptions;
    const iconUrl = (id: number) => subs.find((s) => s.id === `feed/${id}`)?.iconUrl;
    expect(iconUrl(src.icon)).toMatch(new RegExp(`^${server.url}/api/icons/\\d+$`));
    expect(iconUrl(src.sameSite)).toBe(iconUrl(src.icon));
    expect(iconUrl(src.page)).toBe('');

    const icon = await fetch(iconUrl(src.icon)!);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await icon.arrayBuffer()).equals(ICO)).toBe(true);

    // No icon there, not an id, or a site without one: not found.
    const stored = await server.db.selectFrom('site_icons').select(['id', 'data']).execute();
    const none = stored.find((s) => s.data === null)!;
    for (const at of ['/api/icons/999999', '/api/icons/abc', `/api/icons/${none.id}`]) {
      const miss = await fetch(server.url + at);
      expect(miss.status).toBe(404);
      expect((await miss.json()).error).toBe('Icon not found.');
    }
  });
});
