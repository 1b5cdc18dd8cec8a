// Sources and items for the AI suites, written straight into the database.
import { createItem, createSource } from '../../helpers/factories';
import type { TestServer } from '../../helpers/server';

export async function insertSource(
  server: Pick<TestServer, 'db'>,
  name: string,
  userId: number | null,
  url = `https://example.test/${encodeURIComponent(name)}`,
) {
  return createSource(server, { name, url, url_key: `${name}-${url}`, userId });
}

export interface ItemInput {
  title: string;
  text: string;
  url?: string;
  publishedAt?: number;
  content?: boolean;
  isBreaking?: boolean;
}

let counter = 0;
export async function insertItem(
  server: Pick<TestServer, 'db'>,
  sourceId: number,
  input: ItemInput,
) {
  const n = ++counter;
  const at = input.publishedAt ?? Date.now();
  return createItem(server, sourceId, {
    dedupe_key: `ai-item-${n}-${at}`,
    url: input.url ?? `https://example.test/story/${n}`,
    title: input.title,
    summary: `<p>${input.content ? input.title : input.text}</p>`,
    summary_text: input.content ? input.title : input.text,
    content: input.content ? `<p>${input.text}</p>` : null,
    content_text: input.content ? input.text : null,
    published_at: at,
    fetched_at: at,
    updated_at: at,
    is_breaking: input.isBreaking ? 1 : 0,
  });
}

export const ARTEMIS_TEXT =
  'NASA said on Monday that the Artemis II crew completed a full rehearsal of launch day at the Kennedy Space Center. ' +
  'Dr. Jones of the U.S. agency said the Orion capsule performed well during 3.5 hours of checks. ' +
  'The four astronauts will fly around the Moon and return to Earth without landing. ' +
  'Engineers still have to replace a valve in the ground systems before the rocket rolls out again. ' +
  'The mission is the first crewed flight beyond low Earth orbit since Apollo 17 in 1972.';
