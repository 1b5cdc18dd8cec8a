import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsSource, OpmlImportReport } from '../../src/shared/types';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createSignedInUser } from '../helpers/factories';
import { readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { insertPersonalSources } from './sources-fixtures';

const err = (message: string) => ({ error: message, message });

describe.each(dialects)('OPML import and export (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = (await createSignedInUser(server, { role: 'admin' })).client;
  });
  afterAll(() => server.close());

  const newUser = async () => (await createSignedInUser(server)).client;
  const importOpml = (client: ApiClient, opml: string) =>
    client.post<OpmlImportReport & { error?: string; message?: string }>(
      '/_api/news/sources/opml',
      { opml },
    );
  const personal = async (client: ApiClient): Promise<NewsSource[]> =>
    ((await client.get('/_api/news/sources')).body.sources as NewsSource[]).filter(
      (s) => s.userId !== null,
    );
  const doc = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>t</title></head><body>${body}</body></opml>`;

  it("exports the caller's personal sources as an OPML download, and they import back elsewhere", async () => {
    const alice = await newUser();
    const added = [
      {
        name: 'Sky & Telescope "News"',
        url: 'https://skyandtelescope.org/astronomy-news/feed/?a=1&b=2',
        sourceType: 'rss',
      },
      {
        name: 'PBS Space Time',
        url: 'https://www.youtube.com/@pbsspacetime',
        sourceType: 'youtube',
      },
      { name: 'r/space', url: 'https://www.reddit.com/r/space/', sourceType: 'reddit' },
      {
        name: 'Launches',
        url: 'https://ll.thespacedevs.com/2.2.0/launch/upcoming/',
        sourceType: 'rocket_launch',
      },
      { name: 'My blog', url: 'https://blog.example/anything', sourceType: 'custom' },
    ];
    for (const s of added) expect((await alice.post('/_api/news/sources', s)).status).toBe(201);
    // Neither a default source nor another user's source belongs in the file.
    await admin.post('/_api/admin/sources-create', {
      name: 'Shared default',
      url: 'https://default.example/rss',
      sourceType: 'rss',
    });
    const bob = await newUser();
    await bob.post('/_api/news/sources', {
      name: "Bob's feed",
      url: 'https://bob.example/rss',
      sourceType: 'rss',
    });

    const res = await alice.get('/_api/news/sources/opml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/x-opml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="astrodash-sources.opml"',
    );
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<opml version="2.0">/);
    expect(res.text.match(/<outline /g)).toHaveLength(5);
    expect(res.text).toContain('text="Sky &amp; Telescope &quot;News&quot;"');
    expect(res.text).toContain(
      'xmlUrl="https://skyandtelescope.org/astronomy-news/feed/?a=1&amp;b=2"',
    );
    expect(res.text).toContain('astrodashType="rocket_launch"');
    expect(res.text).not.toContain('Shared default');
    expect(res.text).not.toContain('bob.example');

    const carol = await newUser();
    const report = await importOpml(carol, res.text);
    expect(report.status).toBe(200);
    expect(report.body.skipped).toEqual([]);
    expect(report.body.rejected).toEqual([]);
    expect(
      report.body.imported.map(({ name, url, sourceType }) => ({ name, url, sourceType })),
    ).toEqual(added);
    const carolSources = await personal(carol);
    const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
    expect(
      carolSources.toSorted(byUrl).map(({ name, url, sourceType }) => ({ name, url, sourceType })),
    ).toEqual(added.toSorted(byUrl));
    expect(carolSources.map((s) => s.id).toSorted()).toEqual(
      report.body.imported.map((s) => s.id).toSorted(),
    );

    // Importing the same file again adds nothing.
    const again = await importOpml(carol, res.text);
    expect(again.body.imported).toEqual([]);
    expect(again.body.skipped.map((s) => s.url)).toEqual(added.map((s) => s.url));
    expect(again.body.skipped.every((s) => s.reason === 'duplicate')).toBe(true);
    expect(await personal(carol)).toHaveLength(5);
  });

  it('drops control characters and text-direction overrides from imported names', async () => {
    const client = await newUser();
    const res = await importOpml(
      client,
      doc(
        '<outline type="rss" text="Evil&#x202E;gnp.exe&#x2066;x&#x2069; Feed&#x1;" xmlUrl="https://bidi.example/feed.xml"/>',
      ),
    );
    expect(res.status).toBe(200);
    const names = (await personal(client)).map((s) => s.name);
    expect(names).toEqual(['Evilgnp.exex Feed']);
  });

  it('exports an empty but valid file when the user has no personal sources', async () => {
    const res = await (await newUser()).get('/_api/news/sources/opml');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<body>\n  </body>');
    expect((await importOpml(await newUser(), res.text)).body).toEqual({
      imported: [],
      skipped: [],
      rejected: [],
    });
  });

  it('reports what it imported, skipped as duplicate and rejected, with reasons', async () => {
    await admin.post('/_api/admin/sources-create', {
      name: 'NASA default',
      url: 'https://nasa.example/rss',
      sourceType: 'rss',
    });
    const user = await newUser();
    await user.post('/_api/news/sources', {
      name: 'Already mine',
      url: 'https://mine.example/feed',
      sourceType: 'rss',
    });
    const res = await importOpml(
      user,
      doc(`
        <outline text="Science">
          <outline text="Fresh feed" type="rss" xmlUrl="https://fresh.example/feed.xml#frag"/>
          <outline text="Astronomy">
            <outline text="A channel" xmlUrl="https://www.youtube.com/channel/UC7_gcs09iThXybpVgjHZ_7g"/>
            <outline text="Subreddit" xmlUrl="https://www.reddit.com/r/Astronomy/.rss"/>
          </outline>
        </outline>
        <outline text="Fresh again" xmlUrl="https://FRESH.example/feed.xml"/>
        <outline text="Same as default" xmlUrl="https://nasa.example/rss/"/>
        <outline text="Same as mine" xmlUrl="http://mine.example/feed"/>
        <outline text="Not a URL" xmlUrl="feed me"/>
        <outline text="FTP" xmlUrl="ftp://files.example/feed"/>
        <outline text="Wrongly typed" xmlUrl="https://example.com/not-reddit" astrodashType="reddit"/>
        <outline xmlUrl="https://nameless.example/rss"/>
        <outline text="A category with no feeds"/>`),
    );
    expect(res.status).toBe(200);
    expect(
      res.body.imported.map(({ name, url, sourceType }) => ({ name, url, sourceType })),
    ).toEqual([
      { name: 'Fresh feed', url: 'https://fresh.example/feed.xml', sourceType: 'rss' },
      {
        name: 'A channel',
        url: 'https://www.youtube.com/channel/UC7_gcs09iThXybpVgjHZ_7g',
        sourceType: 'youtube',
      },
      { name: 'Subreddit', url: 'https://www.reddit.com/r/Astronomy/.rss', sourceType: 'reddit' },
      { name: 'nameless.example', url: 'https://nameless.example/rss', sourceType: 'rss' },
    ]);
    expect(res.body.skipped).toEqual([
      { url: 'https://fresh.example/feed.xml', reason: 'duplicate' },
      {
        url: 'https://nasa.example/rss/',
        reason: 'duplicate',
        detail: 'This source is already one of the default sources.',
      },
      {
        url: 'http://mine.example/feed',
        reason: 'duplicate',
        detail: 'You already have this source.',
      },
    ]);
    expect(res.body.rejected).toEqual([
      { url: 'feed me', name: 'Not a URL', reason: 'Please enter a valid URL.' },
      { url: 'ftp://files.example/feed', name: 'FTP', reason: 'Please enter a valid URL.' },
      {
        url: 'https://example.com/not-reddit',
        name: 'Wrongly typed',
        reason: 'A Reddit source needs a subreddit URL like https://www.reddit.com/r/space/.',
      },
    ]);
    expect((await personal(user)).map((s) => s.name).toSorted()).toEqual(
      ['A channel', 'Already mine', 'Fresh feed', 'Subreddit', 'nameless.example'].toSorted(),
    );
  });

  it('imports no more than the 1000 personal sources a user may have', async () => {
    const { user, client } = await createSignedInUser(server);
    await insertPersonalSources(server.db, user.id, 998);
    const res = await importOpml(
      client,
      doc(
        [1, 2, 3, 4]
          .map((i) => `<outline text="Extra ${i}" xmlUrl="https://extra.example/${i}"/>`)
          .join(''),
      ),
    );
    expect(res.body.imported.map((s) => s.name)).toEqual(['Extra 1', 'Extra 2']);
    expect(res.body.rejected).toEqual([
      {
        url: 'https://extra.example/3',
        name: 'Extra 3',
        reason: 'You can have at most 1000 personal sources.',
      },
      {
        url: 'https://extra.example/4',
        name: 'Extra 4',
        reason: 'You can have at most 1000 personal sources.',
      },
    ]);
  });

  it.each([
    [
      '<opml version="2.0"><body><outline text="x"></body></opml>',
      /^Could not read the OPML file: Expected closing tag/,
    ],
    ['this is not xml', /^Could not read the OPML file: /],
    [
      '<rss version="2.0"><channel><title>x</title></channel></rss>',
      /^Could not read the OPML file: it has no <opml> element with a <body>\.$/,
    ],
  ])('refuses a document it cannot read: %s', async (opml, message) => {
    const user = await newUser();
    const res = await importOpml(user, opml);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(res.body.message).toBe(res.body.error);
    expect(await personal(user)).toEqual([]);
  });

  it.each([
    [{ opml: '' }, 'Please choose an OPML file to import.'],
    [{}, 'Please choose an OPML file to import.'],
    [{ opml: 'x'.repeat(1024 * 1024 + 1) }, 'The OPML file is too large (at most 1 MB).'],
  ])('validates the body: %#', async (body, message) => {
    const res = await (await newUser()).post('/_api/news/sources/opml', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(err(message));
  });

  it('imports a file of almost 1 MB', async () => {
    const outlines = Array.from(
      { length: 900 },
      (_, i) =>
        `<outline text="Feed ${i} ${'·'.repeat(900)}" xmlUrl="https://f${i}.example/rss?x=1&amp;y=2"/>`,
    );
    const opml = doc(outlines.join('\n'));
    expect(opml.length).toBeGreaterThan(800_000);
    const user = await newUser();
    const started = Date.now();
    const res = await importOpml(user, opml);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.body.imported).toHaveLength(900);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await personal(user)).toHaveLength(900);
  });

  it('shrugs off a billion-laughs file quickly, expanding nothing', async () => {
    const user = await newUser();
    const started = Date.now();
    const res = await importOpml(user, readFixture('opml-billion-laughs.opml').toString('utf8'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(200);
    expect(res.text.length).toBeLessThan(2000);
    expect(res.text).not.toContain('lollol');
    expect(res.body.imported.map((s) => s.name)).toContain('Innocent feed');
  });

  it('never resolves external entities', async () => {
    const user = await newUser();
    const res = await importOpml(user, readFixture('opml-external-entities.opml').toString('utf8'));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('root:');
    expect(res.body.imported.map((s) => s.name)).toEqual(['&xxe;', '&remote;']);
  });

  it('refuses a file nested deeper than the parser allows, without a 500', async () => {
    const res = await importOpml(
      await newUser(),
      doc(`${'<outline text="c">'.repeat(500)}${'</outline>'.repeat(500)}`),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Could not read the OPML file: /);
  });
});
