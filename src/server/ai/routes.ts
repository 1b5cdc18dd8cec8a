// AI calls: the streamed assistant, story summaries and news briefings.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatSchema, newsQuerySchema, summarizeSchema } from '../../shared/schemas';
import type { NewsQueryResponse, SummarizeResponse } from '../../shared/types';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { enforceRateLimit, rateWindow, type Window } from '../http/rate-limit';
import { closeArticleHttp } from './article';
import { answerNewsQuery } from './briefing';
import { aiProvider } from './index';
import { findStories } from './retrieval';
import { streamText } from './stream';
import { summarizeItem } from './summaries';
import { closeTextPool, configureTextPool } from './text-pool';

const TEN_MINUTES = 10 * 60_000;
export const AI_LIMITS = {
  chat: rateWindow({ bucket: 'ai-chat', limit: 30, windowMs: TEN_MINUTES }),
  /** Counted only when a summary has to be made; stored ones are free. */
  summary: rateWindow({ bucket: 'ai-summary', limit: 60, windowMs: TEN_MINUTES }),
  query: rateWindow({ bucket: 'news-query', limit: 20, windowMs: TEN_MINUTES }),
} satisfies Record<string, Window>;

/** Stories handed to the answer. */
const CHAT_STORIES = 5;

export function aiRoutes(ctx: AppContext): FastifyPluginAsync {
  const limit = (window: Window, userId: number, message: (wait: string) => string) =>
    enforceRateLimit(ctx.rateLimiter, window, String(userId), message);

  configureTextPool(ctx.config.ai.workers);
  return async (app) => {
    app.addHook('onClose', async () => {
      await Promise.all([closeTextPool(), closeArticleHttp(ctx.config)]);
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/_api/ai/chat', { schema: { body: chatSchema } }, async (request, reply) => {
      const user = requireUser(request);
      await limit(AI_LIMITS.chat, user.id, (wait) => `Too many questions. Try again in ${wait}.`);
      const abort = new AbortController();
      const { question } = request.body;
      const provider = aiProvider(ctx.config);
      async function* pieces() {
        const stories = await findStories(
          ctx.db,
          ctx.dialect,
          { userId: user.id },
          question,
          CHAT_STORIES,
        );
        yield* provider.answer(
          { question, stories, askerIsAdmin: user.role === 'admin' },
          abort.signal,
        );
      }
      await streamText(reply, abort, pieces());
      return reply;
    });

    r.post(
      '/_api/news/summarize',
      { schema: { body: summarizeSchema } },
      async (request): Promise<SummarizeResponse> => {
        const user = requireUser(request);
        // content and url are validated as the spec says, but never used: the
        // summary is made from the stored item, and shared.
        const summary = await summarizeItem(ctx, user.id, request.body.newsItemId, {
          beforeWork: () =>
            limit(
              AI_LIMITS.summary,
              user.id,
              (wait) => `Too many summaries requested. Try again in ${wait}.`,
            ),
        });
        return { summary };
      },
    );

    r.post(
      '/_api/news/query',
      { schema: { body: newsQuerySchema } },
      async (request): Promise<NewsQueryResponse> => {
        const user = requireUser(request);
        await limit(
          AI_LIMITS.query,
          user.id,
          (wait) => `Too many news queries. Try again in ${wait}.`,
        );
        return answerNewsQuery(ctx, user.id, request.body.query);
      },
    );
  };
}
