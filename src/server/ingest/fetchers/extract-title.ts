// The title look-up for the add-source form: fetched through the guard on this
// thread (the network stays here), read on an ingest worker thread: the body is
// decompressed, decoded and scanned there (title-text.ts), so a hostile
// document cannot stall the requests this thread serves.
import type { Config } from '../../config';
import { ensureOk } from './util';
import type { GuardedHttpClient } from '../../net/guarded-http';
import { readDocumentOffThread } from '../off-thread';
import { SourceFetchError } from '../types';

export { titleFromText } from '../parse/title-text';

export type ExtractTitleResult = { title: string | null; error?: string };

/** Fetches the URL through the guard; failures come back as {title: null, error}. */
export async function extractTitle(
  http: GuardedHttpClient,
  config: Config['ingest'],
  url: string,
): Promise<ExtractTitleResult> {
  try {
    const raw = await http.requestRaw(url, { method: 'GET' });
    ensureOk({ ...raw, headers: new Headers(raw.headers), text: '' });
    const title = await readDocumentOffThread(config, {
      kind: 'title',
      raw,
      maxBytes: config.maxBytes,
    });
    return { title };
  } catch (err) {
    if (err instanceof SourceFetchError) return { title: null, error: err.message };
    throw err;
  }
}
