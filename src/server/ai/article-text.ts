// An HTML page's main text, read with Mozilla's Readability over linkedom. Pure
// and synchronous: it runs on the text worker (text-pool.ts). The page is capped
// before parsing so the work stays bounded.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { capText } from './sentences';

/** Bytes of a page read at most; articles are far smaller, and the parse is linear in it. */
export const ARTICLE_MAX_BYTES = 1024 * 1024;
/** Fewer characters than this are a page's chrome, not an article. */
const MIN_ARTICLE_CHARS = 200;
/** Characters of extracted text kept. */
export const ARTICLE_MAX_CHARS = 60_000;

/** The main text of an HTML page, or null when Readability finds no article. */
export function extractArticleText(html: string): string | null {
  const { document } = parseHTML(html.slice(0, ARTICLE_MAX_BYTES));
  const article = new Readability(document, {
    charThreshold: 200,
    maxElemsToParse: 20_000,
  }).parse();
  const text = article?.textContent?.replace(/\s+/g, ' ').trim();
  return text && text.length >= MIN_ARTICLE_CHARS ? capText(text, ARTICLE_MAX_CHARS) : null;
}
