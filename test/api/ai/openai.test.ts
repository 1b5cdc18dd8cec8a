// The AI calls with a model configured, against a local OpenAI-compatible server
// that speaks the real streaming protocol (test/helpers/fake-openai.ts).
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/client';
import { dialects } from '../../helpers/database';
import { createSignedInUser } from '../../helpers/factories';
import { FakeOpenAi } from '../../helpers/fake-openai';
import { startTestServer, type TestServer } from '../../helpers/server';
import { ARTEMIS_TEXT, insertItem, insertSource } from './seed';

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(dialects)('AI with an OpenAI-compatible model (%s)', (dialect) => {
  let server: TestServer;
  let fake: FakeOpenAi;
  let client: ApiClient;
  let artemisId: number;

  beforeAll(async () => {
    fake = await FakeOpenAi.start();
    server = await startTestServer({
      dialect,
      env: {
        AI_BASE_URL: fake.url,
        AI_API_KEY: 'sk-test-key',
        AI_MODEL: 'fake-model-1',
        AI_TIMEOUT_MS: '400',
      },
    });
    client = (await createSignedInUser(server)).client;
    const source = await insertSource(server, 'Space News', null);
    artemisId = await insertItem(server, source, {
      title: 'Artemis II crew rehearses launch day',
      text: ARTEMIS_TEXT,
      content: true,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.mode = 'answer';
    fake.delayMs = 0;
    fake.pieces = ['Hello', ' from', ' the', ' model.'];
    fake.requests.length = 0;
  });

  it('streams the model answer, with the stored stories in the system prompt', async () => {
    const res = await client.post('/_api/ai/chat', { question: 'What about Artemis?' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('Hello from the model.');
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent.body).toMatchObject({ model: 'fake-model-1', stream: true });
    const system = sent.body.messages?.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toContain('astronomy');
    expect(system).toContain('Artemis II crew rehearses launch day');
    expect(system).toMatch(/URL: https:\/\/example\.test\/story\/\d+/);
    expect(sent.body.messages?.at(-1)).toEqual({ role: 'user', content: 'What about Artemis?' });
  });

  it('sends the answer in pieces as the model streams them', async () => {
    fake.delayMs = 150;
    const res = await fetch(`${server.url}/_api/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookieHeader },
      body: JSON.stringify({ question: 'Artemis?' }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const reads: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read())
      reads.push(decoder.decode(r.value, { stream: true }));
    expect(reads.join('')).toBe('Hello from the model.');
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 502 with the provider reason when the model fails', async () => {
    fake.mode = 'fail';
    const res = await client.post('/_api/ai/chat', { question: 'Artemis?' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe(
      'The AI model failed: The model `invalid-model-name` does not exist or you do not have access to it.',
    );
  });

  it('answers 504 when the model stalls before answering', async () => {
    fake.mode = 'stall';
    const res = await client.post('/_api/ai/chat', { question: 'Artemis?' });
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('The AI model did not answer in time.');
    await until(() => fake.requests.every((r) => r.aborted));
  });

  it('ends a stream that stalls midway with a note', async () => {
    fake.mode = 'stall-after-first';
    const res = await client.post('/_api/ai/chat', { question: 'Artemis?' });
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      'Hello\n\n_(The answer stopped: The AI model did not answer in time.)_\n',
    );
  });

  it('aborts the model request when the client goes away', async () => {
    fake.delayMs = 1000;
    fake.pieces = ['One', ' two', ' three', ' four'];
    const body = JSON.stringify({ question: 'Artemis?' });
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${server.url}/_api/ai/chat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: client.cookieHeader,
        },
      });
      req.on('response', (res) => {
        res.once('data', () => {
          req.destroy(); // the browser tab closes after the first piece
          resolve();
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.end(body);
    });
    await until(() => fake.requests.length === 1 && fake.requests[0].aborted);
    expect(fake.requests[0].aborted).toBe(true);
  });

  it('makes a summary once: the second request reaches no provider', async () => {
    fake.pieces = ['The Artemis II crew rehearsed launch day.'];
    const first = await client.post('/_api/news/summarize', {
      newsItemId: String(artemisId),
      content: 'x'.repeat(60),
    });
    expect(first.status).toBe(200);
    expect(first.body.summary).toBe('The Artemis II crew rehearsed launch day.');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].body.stream).toBeFalsy();
    const sent = fake.requests[0].body.messages?.at(-1)?.content ?? '';
    expect(sent).toContain('Dr. Jones of the U.S. agency');
    const second = await client.post('/_api/news/summarize', {
      newsItemId: String(artemisId),
      content: 'y'.repeat(60),
    });
    expect(second.body.summary).toBe(first.body.summary);
    expect(fake.requests).toHaveLength(1);
    const row = await server.db
      .selectFrom('ai_summaries')
      .select('provider')
      .where('news_item_id', '=', artemisId)
      .executeTakeFirstOrThrow();
    expect(row.provider).toBe('fake-model-1');
  });

  it('writes a briefing whose overview comes from the model', async () => {
    fake.pieces = ['Artemis II rehearsed its launch day.'];
    const res = await client.post('/_api/news/query', { query: 'Artemis crew' });
    expect(res.status).toBe(200);
    const row = await server.db
      .selectFrom('news_items')
      .select(['summary_text', 'content'])
      .where('id', '=', Number(res.body.itemId))
      .executeTakeFirstOrThrow();
    expect(row.summary_text).toContain('Artemis II rehearsed its launch day.');
    expect(row.content).toContain('href="https://example.test/story/');
  });

  it('still writes the briefing from the stories when the model fails', async () => {
    fake.mode = 'fail';
    const res = await client.post('/_api/news/query', { query: 'Artemis launch' });
    expect(res.status).toBe(200);
    expect(res.body.matched).toBe(1);
  });

  it('answers 504 for a summary when the model stalls, and stores nothing', async () => {
    fake.mode = 'stall';
    const source = await insertSource(server, 'Slow News', null);
    const id = await insertItem(server, source, {
      title: 'Stalled story',
      text: ARTEMIS_TEXT,
      content: true,
    });
    const res = await client.post('/_api/news/summarize', {
      newsItemId: String(id),
      content: 'x'.repeat(60),
    });
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('The AI model did not answer in time.');
    const rows = await server.db
      .selectFrom('ai_summaries')
      .selectAll()
      .where('news_item_id', '=', id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
