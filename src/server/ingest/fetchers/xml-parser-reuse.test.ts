// patches/fast-xml-parser+5.11.2.patch makes an XMLParser reuse its document
// parser instead of building one per parse (feedsmith's parsers are built once
// with hundreds of stop nodes, and building cost more than parsing a feed).
// Reuse is only sound if nothing of one document reaches the next: these
// compare a reused parser with a fresh one on documents that leave state behind.
import { XMLParser, type X2jOptions } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/helpers/fixture-server';

/** The parse as data, or its error's message: both must match. */
function outcome(parser: XMLParser, doc: string): string {
  try {
    return JSON.stringify(parser.parse(doc));
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
}

const DOCUMENTS = [
  // Leaves open tags on the parser's stack, where a stray closing tag of the
  // next document would find them (and put what follows into this document).
  '<a><b>unclosed',
  '<r/></stray><c>kept</c>',
  // Inside a stop node when the document ends.
  '<root><script>if (a < b) never closed',
  '<root><script>x</script><p>after</p></root>',
  // XML 1.1 allows control characters as references; 1.0 does not.
  '<?xml version="1.1"?><r>&#x1;one</r>',
  '<r>&#x1;two</r>',
  // An entity declared by one document is unknown to the next.
  '<!DOCTYPE r [<!ENTITY secret "leaked">]><r>&secret;</r>',
  '<r>&secret;</r>',
  readFixture('rss2-physorg-science-MALFORMED.xml').toString('utf8'),
  readFixture('atom-heise-developer.xml').toString('utf8'),
];

const OPTIONS: Record<string, X2jOptions> = {
  defaults: {},
  'entities and stop nodes': {
    processEntities: true,
    htmlEntities: true,
    stopNodes: ['*.script'],
    ignoreAttributes: false,
  },
};

describe('fast-xml-parser reused across documents (our patch)', () => {
  it('reuses one document parser per XMLParser', () => {
    const parser = new XMLParser();
    parser.parse('<a/>');
    const built = (parser as unknown as { orderedObjParser?: object }).orderedObjParser;
    expect(built).toBeDefined(); // undefined: patches/ was not applied (npm's postinstall)
    parser.parse('<b/>');
    expect((parser as unknown as { orderedObjParser?: object }).orderedObjParser).toBe(built);
  });

  for (const [name, options] of Object.entries(OPTIONS)) {
    it(`parses each document as a fresh parser does (${name})`, () => {
      const reused = new XMLParser(options);
      const viaReused = DOCUMENTS.map((doc) => outcome(reused, doc));
      const viaFresh = DOCUMENTS.map((doc) => outcome(new XMLParser(options), doc));
      expect(viaReused).toEqual(viaFresh);
      // And the documents do leave state behind, so the comparison means something.
      expect(viaFresh[7]).not.toContain('leaked');
      expect(viaFresh[1]).toContain('kept');
    });
  }

  it('starts afresh after an entity is added', () => {
    const parser = new XMLParser({ processEntities: true });
    expect(outcome(parser, '<r>&brand;</r>')).toBe('{"r":"&brand;"}');
    parser.addEntity('brand', 'AstroDash');
    expect(outcome(parser, '<r>&brand;</r>')).toBe('{"r":"AstroDash"}');
  });
});
