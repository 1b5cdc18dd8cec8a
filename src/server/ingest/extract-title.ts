// A feed's (or page's) title for the add-source form: the channel title, else
// the first <title>, CDATA stripped and entities decoded; a JSON Feed's title.
import { safeXml } from './decode';
import { ensureOk } from './fetchers/util';
import { htmlToText } from './sanitize';
import { SourceFetchError, type GuardedHttp } from './types';

const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
const TITLE_MAX = 200;

function clean(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const text = htmlToText(raw.replace(CDATA, '$1')).slice(0, TITLE_MAX).trim();
  return text || null;
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
  const xml = safeXml(body.slice(0, 2_000_000));
  const channel = /<channel\b[^>]*>([\s\S]*?)(<item\b|<\/channel>)/i.exec(xml);
  const inChannel = channel && /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(channel[1]);
  if (inChannel) return clean(inChannel[1]);
  const first = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(xml);
  return first ? clean(first[1]) : null;
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
