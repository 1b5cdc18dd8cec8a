// A feed's (or page's) title for the add-source form: the channel title, else
// the first <title>, CDATA stripped and entities decoded; a JSON Feed's title.
import { scanMarkup, stop } from '../parse/tag-scanner';
import { ensureOk } from './util';
import { htmlToText } from '../parse/sanitize';
import { SourceFetchError, type GuardedHttp } from '../types';

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

/** The title inside a feed or page text, or null. */
export function titleFromText(text: string): string | null {
  const body = text.trimStart();
  if (body.startsWith('{')) {
    try {
      const json = JSON.parse(body) as { title?: unknown };
      return typeof json.title === 'string' ? clean(json.title) : null;
    } catch {
      return null;
    }
  }
  return clean(rawTitle(body.slice(0, SCAN_MAX)));
}

export type ExtractTitleResult = { title: string | null; error?: string };

/** Fetches the URL through the guard; failures come back as {title: null, error}. */
export async function extractTitle(http: GuardedHttp, url: string): Promise<ExtractTitleResult> {
  try {
    const res = await http.get(url);
    ensureOk(res);
    return { title: titleFromText(res.text) };
  } catch (err) {
    if (err instanceof SourceFetchError) return { title: null, error: err.message };
    throw err;
  }
}
