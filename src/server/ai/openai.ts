// A configured model behind an OpenAI-compatible API (OpenAI, Ollama, vLLM,
// llama.cpp server, LM Studio) through the official SDK: it speaks the
// streaming protocol, so nothing here parses SSE. AI_BASE_URL is the operator's
// setting and may be a private address (Ollama on localhost), so the SDK's own
// fetch is used, not the SSRF-guarded one.
import { format } from 'date-fns';
import OpenAI, { type APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AiError, type AiConfig, type AiProvider } from './provider';
import type { Story } from './repository';
import { capText } from './sentences';

const ARTICLE_CHARS = 12_000;
const STORY_CHARS = 600;

const SYSTEM_CHAT = `You are the assistant of AstroDash, an astronomy and space news dashboard.
Answer questions about astronomy, space science and space exploration only; if asked about anything else, say briefly that you only discuss astronomy and space.
Answer in Markdown, concisely. When the stored stories below are relevant, cite them with Markdown links to their URLs and mention their dates; never invent links or stories.`;

const SYSTEM_SUMMARY =
  'You summarise astronomy and space news articles. Reply with a faithful summary of two or three sentences in plain text, without a preamble.';

const SYSTEM_BRIEF =
  'You write short news briefings on astronomy and space. Reply with one paragraph of plain text (at most five sentences) that gives the overview of the stories below; no links, no preamble, no list.';

function storiesBlock(stories: Story[]): string {
  if (stories.length === 0) return 'Stored stories: none match.';
  const lines = stories.map(
    (s, i) =>
      `${i + 1}. ${s.title}\n   URL: ${s.url}\n   Source: ${s.sourceName ?? 'Unknown Source'}; published ${format(new Date(s.publishedAt), 'MMM d, yyyy HH:mm')}\n   ${capText(s.text.replace(/\s+/g, ' '), STORY_CHARS)}`,
  );
  return `Stored stories (best match first):\n${lines.join('\n')}`;
}

/** The provider's words when it gives a reason (OpenAI's error envelope), else the SDK's. */
function reason(err: APIError): string {
  const body: unknown = err.error;
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : err.message;
  return capText(message, 300);
}

/** SDK failures → what the user is told, with the status the call answers. */
export function toAiError(err: unknown, timedOut: boolean): unknown {
  if (err instanceof AiError) return err;
  if (timedOut || err instanceof OpenAI.APIConnectionTimeoutError)
    return new AiError('The AI model did not answer in time.', 504);
  if (err instanceof OpenAI.APIUserAbortError) return err;
  if (err instanceof OpenAI.APIConnectionError)
    return new AiError('Could not reach the AI model.', 502);
  if (err instanceof OpenAI.APIError)
    return new AiError(`The AI model failed: ${reason(err)}`, 502);
  return err;
}

/** An AbortController that fires when the caller aborts or when `idleMs` pass without touch(). */
function idleGuard(idleMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleMs);
  };
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  touch();
  return {
    signal: controller.signal,
    touch,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

export function createOpenAiProvider(config: AiConfig & { model: string }): AiProvider {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the SDK wants one.
    apiKey: config.apiKey ?? 'not-needed',
    timeout: config.timeoutMs,
    maxRetries: 1,
  });

  async function complete(messages: ChatCompletionMessageParam[], signal?: AbortSignal) {
    const guard = idleGuard(config.timeoutMs, signal);
    try {
      const res = await client.chat.completions.create(
        { model: config.model, messages },
        { signal: guard.signal },
      );
      return (res.choices?.[0]?.message?.content ?? '').trim();
    } catch (err) {
      throw toAiError(err, guard.timedOut());
    } finally {
      guard.dispose();
    }
  }

  return {
    name: config.model,

    async summarize({ title, text }, signal) {
      const summary = await complete(
        [
          { role: 'system', content: SYSTEM_SUMMARY },
          { role: 'user', content: `Title: ${title}\n\n${capText(text, ARTICLE_CHARS)}` },
        ],
        signal,
      );
      if (!summary) throw new AiError('The AI model returned an empty summary.', 502);
      return summary;
    },

    async *answer({ question, stories }, signal) {
      const guard = idleGuard(config.timeoutMs, signal);
      try {
        const stream = await client.chat.completions.create(
          {
            model: config.model,
            stream: true,
            messages: [
              {
                role: 'system',
                content: `${SYSTEM_CHAT}\nToday is ${format(new Date(), 'MMM d, yyyy')}.\n\n${storiesBlock(stories)}`,
              },
              { role: 'user', content: question },
            ],
          },
          { signal: guard.signal },
        );
        for await (const chunk of stream) {
          guard.touch(); // a token (or a keep-alive chunk) resets the idle timer
          const piece = chunk.choices?.[0]?.delta?.content;
          if (piece) yield piece;
        }
        // The SDK ends an aborted stream quietly: a stall must still be reported.
        if (guard.timedOut()) throw new AiError('The AI model did not answer in time.', 504);
      } catch (err) {
        if (signal.aborted && !guard.timedOut()) return; // the client went away
        throw toAiError(err, guard.timedOut());
      } finally {
        guard.dispose();
      }
    },

    async brief({ query, stories }, signal) {
      if (stories.length === 0) return '';
      return complete(
        [
          { role: 'system', content: SYSTEM_BRIEF },
          { role: 'user', content: `Briefing request: ${query}\n\n${storiesBlock(stories)}` },
        ],
        signal,
      );
    },
  };
}
