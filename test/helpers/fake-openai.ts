// A local OpenAI-compatible server speaking the real streaming protocol: SSE
// `data: {chunk}` frames ending in `data: [DONE]`, shaped like the recorded
// stream (test/fixtures/recorded/openai-chat-completions-stream.sse), and
// OpenAI's error envelope (openai-error.json). Modes: answer, fail, stall.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { readFixture } from './fixture-server';

export type FakeMode =
  /** Streams `pieces` (or answers them joined when not streaming). */
  | 'answer'
  /** 404 with the recorded error body (model_not_found). */
  | 'fail'
  /** Accepts the request and never answers. */
  | 'stall'
  /** Streams the first piece, then goes quiet. */
  | 'stall-after-first';

export interface FakeRequest {
  body: { model?: string; stream?: boolean; messages?: Array<{ role: string; content: string }> };
  headers: http.IncomingHttpHeaders;
  /** True once the client closed the connection before the answer ended. */
  aborted: boolean;
}

export class FakeOpenAi {
  mode: FakeMode = 'answer';
  pieces: string[] = ['Hello', ' from', ' the', ' model.'];
  /** Pause between streamed pieces. */
  delayMs = 0;
  readonly requests: FakeRequest[] = [];
  url = '';
  private server: http.Server;
  private open = new Set<ServerResponse>();

  private constructor() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  static async start(): Promise<FakeOpenAi> {
    const fake = new FakeOpenAi();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const address = fake.server.address();
    if (!address || typeof address === 'string') throw new Error('fake OpenAI did not bind');
    fake.url = `http://127.0.0.1:${address.port}/v1`;
    return fake;
  }

  /** The model's id in the recorded stream. */
  static readonly recordedChunk = JSON.parse(
    readFixture('openai-chat-completions-stream.sse')
      .toString('utf8')
      .split('\n')
      .find((l) => l.includes('"content":"hello"'))!
      .slice('data: '.length),
  ) as Record<string, unknown>;

  private chunk(delta: Record<string, unknown>, finish: string | null = null) {
    const base = FakeOpenAi.recordedChunk;
    return `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const part of req) raw += String(part);
    const record: FakeRequest = {
      body: JSON.parse(raw || '{}') as FakeRequest['body'],
      headers: req.headers,
      aborted: false,
    };
    this.requests.push(record);
    this.open.add(res);
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
      this.open.delete(res);
    });
    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    if (this.mode === 'fail') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(readFixture('openai-error.json'));
      return;
    }
    if (this.mode === 'stall') return; // never answers
    if (!record.body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: 1772409641,
          model: record.body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: this.pieces.join('') },
              finish_reason: 'stop',
            },
          ],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(this.chunk({ role: 'assistant', content: '', refusal: null }));
    for (const [i, piece] of this.pieces.entries()) {
      if (res.destroyed) return;
      res.write(this.chunk({ content: piece }));
      if (this.mode === 'stall-after-first') return;
      if (this.delayMs && i < this.pieces.length - 1)
        await new Promise((r) => setTimeout(r, this.delayMs));
    }
    res.write(this.chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  async close() {
    for (const res of this.open) res.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
