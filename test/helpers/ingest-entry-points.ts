// Every ingest entry point that takes fetched text, as `text → work`, for the
// fuzz tests (src/server/ingest/parsers-pathological.fuzz.test.ts) and the bench
// (bench/parsers-pathological.ts). Errors a parser throws on garbage are part of
// its answer: only the time matters here.
import { decodeBody, safeXml } from '../../src/server/net/decode';
import { titleFromText } from '../../src/server/ingest/fetchers/extract-title';
import { readPageHead } from '../../src/server/ingest/fetchers/custom';
import { parseFeedDocument, parseFeedText } from '../../src/server/ingest/fetchers/feed-parse';
import { parseGoogleNews } from '../../src/server/ingest/fetchers/google-news';
import { parseRedditAtom, parseRedditListing } from '../../src/server/ingest/fetchers/reddit';
import { extractChannelId } from '../../src/server/ingest/fetchers/youtube';
import { normalizeItem } from '../../src/server/ingest/parse/normalize';
import {
  firstImage,
  htmlToText,
  sanitizeHtml,
  sanitizedToText,
} from '../../src/server/ingest/parse/sanitize';
import { parseOpml } from '../../src/server/sources/opml';
import { INGEST_TOKENS, inFeed, pathologicalCases, type PathologicalCase } from './pathological';

export interface EntryPoint {
  name: string;
  run: (text: string) => unknown;
}

const quietly =
  (fn: (text: string) => unknown) =>
  (text: string): unknown => {
    try {
      return fn(text);
    } catch (error) {
      return error;
    }
  };

const FEED_URL = 'https://example.test/feed.xml';

export const ENTRY_POINTS: EntryPoint[] = [
  { name: 'decodeBody', run: (t) => decodeBody(Buffer.from(t), 'text/xml') },
  { name: 'decodeBody (charset sniffing)', run: (t) => decodeBody(Buffer.from(t)) },
  { name: 'safeXml', run: safeXml },
  { name: 'titleFromText', run: titleFromText },
  { name: 'parseFeedText (raw body)', run: quietly((t) => parseFeedText(t, FEED_URL)) },
  {
    name: 'parseFeedText rss',
    run: quietly((t) => parseFeedText(inFeed('rss', t, 'content'), FEED_URL)),
  },
  {
    name: 'parseFeedText atom',
    run: quietly((t) => parseFeedText(inFeed('atom', t, 'content'), FEED_URL)),
  },
  {
    name: 'parseFeedText rdf',
    run: quietly((t) => parseFeedText(inFeed('rdf', t, 'description'), FEED_URL)),
  },
  {
    name: 'parseFeedText json',
    run: quietly((t) => parseFeedText(inFeed('json', t, 'content'), FEED_URL)),
  },
  {
    name: 'google news',
    run: quietly((t) => parseGoogleNews(inFeed('rss', t, 'description'))),
  },
  {
    name: 'reddit atom',
    run: quietly((t) => {
      const doc = parseFeedDocument(inFeed('atom', t, 'content'));
      return doc.format === 'atom' ? parseRedditAtom(doc.feed) : null;
    }),
  },
  {
    name: 'reddit listing',
    run: quietly((t) =>
      parseRedditListing({
        kind: 'Listing',
        data: { children: [{ kind: 't3', data: { name: 't3_x', title: t, selftext_html: t } }] },
      }),
    ),
  },
  { name: 'youtube channel page', run: extractChannelId },
  { name: 'custom page head', run: (t) => readPageHead(t, 'https://example.test/') },
  { name: 'sanitizeHtml', run: (t) => sanitizeHtml(t, 'https://example.test/') },
  { name: 'sanitizedToText', run: sanitizedToText },
  { name: 'htmlToText', run: htmlToText },
  { name: 'firstImage', run: (t) => firstImage(t, 'https://example.test/') },
  {
    name: 'normalizeItem',
    run: (t) =>
      normalizeItem(
        { guid: 'g', url: 'https://example.test/1', title: t, summaryHtml: t, contentHtml: t },
        { sourceType: 'rss', baseUrl: FEED_URL, now: Date.now() },
      ),
  },
  { name: 'parseOpml', run: quietly(parseOpml) },
  {
    name: 'parseOpml (attribute)',
    run: quietly((t) =>
      parseOpml(
        `<opml version="2.0"><body><outline text="${t.replace(/[&<"]/g, ' ')}" xmlUrl="https://a.test/"/></body></opml>`,
      ),
    ),
  },
];

/** The pathological inputs every entry point is fuzzed with. */
export const INGEST_CASES: PathologicalCase[] = pathologicalCases(INGEST_TOKENS);
