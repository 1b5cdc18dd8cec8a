// A feed's (or page's) title: the channel title, else the first <title>, CDATA
// stripped and entities decoded; a JSON Feed's title. Pure, so it runs on an
// ingest worker thread (documents.ts), off the thread that serves requests.
import { z } from 'zod';
import { readJsonOrNull } from './json-document';
import { scanMarkup, stop } from './tag-scanner';
import { htmlToText } from './sanitize';

const TITLE_MAX = 200;
/** Raw title text read at most: a title longer than this is not a title. */
const RAW_TITLE_MAX = 8192;
const SCAN_MAX = 2_000_000;

function clean(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const text = htmlToText(raw.slice(0, RAW_TITLE_MAX)).slice(0, TITLE_MAX).trim();
  return text || null;
}

/**
 * The channel's (feed's, page head's) <title>, else the first <title>, as raw
 * markup (CDATA unwrapped, entities left for clean()). One htmlparser2 pass.
 */
function rawTitle(text: string): string | null {
  let first: string | null = null;
  let own: string | null = null;
  let current: string[] | null = null;
  let currentLength = 0;
  let parent = '';
  const stack: string[] = [];
  scanMarkup(
    text,
    {
      onopentagname(name) {
        const tag = name.toLowerCase();
        if (tag === 'title' && current === null) {
          parent = stack.at(-1) ?? '';
          current = [];
          currentLength = 0;
        }
        stack.push(tag);
      },
      ontext(chunk) {
        if (current === null || currentLength > RAW_TITLE_MAX) return;
        current.push(chunk);
        currentLength += chunk.length;
      },
      onclosetag(name) {
        const tag = name.toLowerCase();
        if (stack.at(-1) === tag) stack.pop();
        if (tag !== 'title' || current === null) return;
        const value = current.join('');
        current = null;
        first ??= value;
        if (parent === 'channel' || parent === 'feed' || parent === 'head') {
          own = value;
          stop();
        }
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  return own ?? first;
}

/** A JSON Feed's title (https://jsonfeed.org/version/1.1): the one field read. */
const JsonFeedTitle = z.object({ title: z.string().optional().catch(undefined) }).catch({});

/** The title inside a feed or page text, or null. JSON within the bounds of json-document.ts. */
export function titleFromText(text: string): string | null {
  const body = text.trimStart();
  if (body.startsWith('{')) return clean(JsonFeedTitle.parse(readJsonOrNull(body)).title);
  return clean(rawTitle(body.slice(0, SCAN_MAX)));
}
