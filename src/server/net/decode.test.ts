import { parseFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixture-server';
import { decodeBody, looksLikeHtml, safeXml } from './decode';

describe('safeXml', () => {
  it('removes an XXE DOCTYPE so no external entity is ever read', () => {
    const safe = safeXml(readFixture('xxe.rss.xml').toString());
    expect(safe).not.toMatch(/DOCTYPE|ENTITY|SYSTEM/);
    const feed = parseFeed(safe);
    const text = JSON.stringify(feed.feed);
    expect(text).not.toContain('root:');
    expect(text).toContain('Leak attempt');
  });

  // Speed: bench/parsers-pathological.ts (safeXml on 2 MB of pathological input).
  it('defuses billion laughs before any parser sees the entities', () => {
    const before = process.memoryUsage().heapUsed;
    const safe = safeXml(readFixture('billion-laughs.rss.xml').toString());
    const feed = parseFeed(safe);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
    expect(safe).not.toContain('<!ENTITY');
    expect(JSON.stringify(feed.feed).length).toBeLessThan(5000);
  });

  it('leaves no declaration behind when an entity value contains "]>"', () => {
    const tricky =
      '<!DOCTYPE r [<!ENTITY a "]>"><!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><title>&xxe;</title></channel></rss>';
    const safe = safeXml(tricky);
    expect(safe).not.toMatch(/<!ENTITY|SYSTEM|<!DOCTYPE/);
    expect(safe).toContain('&amp;xxe;');
  });

  it('drops the prolog and a byte-order mark, and leaves standard entities alone', () => {
    expect(safeXml('\ufeff<?xml version="1.0" encoding="ISO-8859-1"?>\n<rss>&amp;&lt;</rss>')).toBe(
      '<rss>&amp;&lt;</rss>',
    );
  });

  it('leaves a large document without declarations unchanged', () => {
    const big = `<rss><channel>${'<item><title>x &amp; y</title></item>'.repeat(100_000)}</channel></rss>`;
    expect(safeXml(big)).toBe(big);
  });

  it('drops stray and unterminated declarations, but not a DOCTYPE inside CDATA', () => {
    expect(safeXml('<rss><!ENTITY x "y"><a>&x;</a><!DOCTYPE never ending')).toBe(
      '<rss><a>&amp;x;</a>',
    );
    const cdata = '<rss><d><![CDATA[<!DOCTYPE html><p>&nbsp;</p>]]></d></rss>';
    expect(safeXml(cdata)).toBe(cdata);
  });
});

describe('decodeBody', () => {
  it('prefers a byte-order mark, then the header, then the prolog, else UTF-8', () => {
    expect(decodeBody(Buffer.from('\ufeffhé', 'utf8'), 'text/xml; charset=iso-8859-1')).toBe('hé');
    expect(decodeBody(Buffer.from('h\xe9', 'latin1'), 'text/xml; charset=ISO-8859-1')).toBe('hé');
    expect(
      decodeBody(Buffer.from('<?xml version="1.0" encoding="windows-1252"?>\x93q\x94', 'latin1')),
    ).toContain('“q”');
    expect(decodeBody(Buffer.from('plain ü', 'utf8'))).toBe('plain ü');
    expect(decodeBody(Buffer.from('x', 'utf8'), 'text/xml; charset=made-up')).toBe('x');
  });
});

describe('looksLikeHtml', () => {
  it('tells a web page from a feed', () => {
    expect(looksLikeHtml(readFixture('html-page.html').toString())).toBe(true);
    expect(looksLikeHtml(readFixture('empty.rss.xml').toString())).toBe(false);
  });
});
