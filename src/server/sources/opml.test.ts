import { describe, expect, it } from 'vitest';
import type { SourceRow } from '../db/tables';
import type { SourceType } from '../../shared/constants';
import { safeXml } from '../net/decode';
import { OPML_MAX_SOURCES, parseOpml, renderOpml } from './opml';

const opml = (body: string) =>
  `<?xml version="1.0"?><opml version="2.0"><head/><body>${body}</body></opml>`;

function row(id: number, name: string, url: string, sourceType: SourceType): SourceRow {
  return {
    id,
    name,
    url,
    url_key: url,
    source_type: sourceType,
    user_id: 1,
    is_enabled: 1,
    created_at: 0,
    updated_at: 0,
    last_fetched_at: null,
    last_status: null,
    last_error: null,
    error_count: 0,
    next_fetch_at: 0,
    etag: null,
    last_modified: null,
    resolved_url: null,
    item_count: 0,
    built_in: 0,
  };
}

describe('parseOpml', () => {
  it('reads feed outlines in document order, flattening categories', () => {
    const { entries } = parseOpml(
      opml(`
        <outline text="Space">
          <outline text="A" xmlUrl="https://a.example/feed"/>
          <outline text="Deeper"><outline title="B" xmlUrl="https://b.example/feed" astrodashType="custom"/></outline>
        </outline>
        <outline text="C" xmlurl="https://c.example/feed" astrodashType="not-a-type"/>
        <outline text="Just a link" type="link" url="https://d.example/"/>`),
    );
    expect(entries).toEqual([
      { name: 'A', url: 'https://a.example/feed', type: null },
      { name: 'B', url: 'https://b.example/feed', type: 'custom' },
      { name: 'C', url: 'https://c.example/feed', type: null },
    ]);
  });

  it('decodes the predefined entities and character references in attributes', () => {
    const { entries } = parseOpml(
      opml(
        `<outline text="Q&amp;A &#8211; &lt;Space&gt;" xmlUrl="https://e.example/f?a=1&amp;b=2&#38;c=3"/>`,
      ),
    );
    expect(entries).toEqual([
      { name: 'Q&A – <Space>', url: 'https://e.example/f?a=1&b=2&c=3', type: null },
    ]);
  });

  it('accepts an empty body', () => {
    expect(parseOpml(opml('')).entries).toEqual([]);
    expect(parseOpml('<opml version="2.0"><body/></opml>').entries).toEqual([]);
  });

  it.each([
    [
      '<opml><body><outline xmlUrl="x"></body></opml>',
      /^Could not read the OPML file: Expected closing tag/,
    ],
    ['just text', /^Could not read the OPML file: /],
    [
      '<rss><channel/></rss>',
      /^Could not read the OPML file: it has no <opml> element with a <body>\.$/,
    ],
    [
      `<opml><body>${'<outline>'.repeat(5000)}`,
      /^Could not read the OPML file: some tags are never closed\.$/,
    ],
  ])('refuses a broken document: %s', (xml, message) => {
    expect(() => parseOpml(xml.slice(0, 200))).toThrow(message);
  });

  it('never expands declared entities, and drops the DOCTYPE', () => {
    const xml = `<?xml version="1.0"?>
      <!DOCTYPE opml [<!ENTITY a "AAAAAAAAAA"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      ${opml('<outline text="&b;" xmlUrl="https://x.example/feed"/>').replace('<?xml version="1.0"?>', '')}`;
    expect(safeXml(xml)).not.toMatch(/DOCTYPE|ENTITY/);
    expect(parseOpml(xml).entries).toEqual([
      { name: '&b;', url: 'https://x.example/feed', type: null },
    ]);
  });

  it(`reads at most ${OPML_MAX_SOURCES} feeds from one file`, () => {
    const body = Array.from(
      { length: OPML_MAX_SOURCES + 5 },
      (_, i) => `<outline text="F${i}" xmlUrl="https://f${i}.example/"/>`,
    );
    const result = parseOpml(opml(body.join('')));
    expect(result.entries).toHaveLength(OPML_MAX_SOURCES);
    expect(result.truncated).toBe(true);
  });
});

describe('renderOpml', () => {
  it('writes OPML 2.0 that reads back to the same sources', () => {
    const sources = [
      row(1, 'Sky & Telescope <News> "quoted"', 'https://skyandtelescope.org/feed/?a=1&b=2', 'rss'),
      row(2, 'PBS Space Time', 'https://www.youtube.com/@pbsspacetime', 'youtube'),
      row(3, 'r/space', 'https://www.reddit.com/r/space/', 'reddit'),
    ];
    const xml = renderOpml(sources, 'Ada <Lovelace>', new Date(Date.UTC(2026, 0, 1)));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<opml version="2.0">/);
    expect(xml).toMatch(/<ownerName>\s*<!\[CDATA\[Ada <Lovelace>\]\]>\s*<\/ownerName>/);
    expect(xml).toContain('<dateCreated>Thu, 01 Jan 2026 00:00:00 GMT</dateCreated>');
    expect(xml).toContain('htmlUrl="https://skyandtelescope.org/"');
    expect(xml).toContain('astrodashType="youtube"');
    expect(xml.match(/astrodashType=/g)).toHaveLength(2);
    expect(parseOpml(xml).entries).toEqual([
      {
        name: 'Sky & Telescope <News> "quoted"',
        url: 'https://skyandtelescope.org/feed/?a=1&b=2',
        type: null,
      },
      { name: 'PBS Space Time', url: 'https://www.youtube.com/@pbsspacetime', type: 'youtube' },
      { name: 'r/space', url: 'https://www.reddit.com/r/space/', type: 'reddit' },
    ]);
  });
});
