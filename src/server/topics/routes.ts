// Topic calls: the vocabulary, a topic's page, follow and mute. Each handler:
// validate → authorize (a signed-in user; topics are everyone's, choices each
// user's own) → act → present.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  followTopicSchema,
  muteTopicSchema,
  topicParamsSchema,
  type TopicLaunch,
} from '../../shared/topics';
import type { NewsItem } from '../../shared/types';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import * as topics from './service';

/** How many stories the topic page opens with; the list's ?topic= pages on. */
export const TOPIC_PAGE_ITEMS = 30;

export interface TopicsRoutesOptions {
  /**
   * The user's visible stories of a topic, newest first (the news list with
   * ?topic=, handed in by app.ts: news reads topics, not the reverse).
   */
  topicItems: (userId: number, slug: string, limit: number) => Promise<NewsItem[]>;
  /**
   * The topic's launches with their date changes (the launches module's, handed
   * in by app.ts: launches reads topics' matcher, not the reverse).
   */
  topicLaunches: (slug: string) => Promise<TopicLaunch[]>;
}

export function topicsRoutes(ctx: AppContext, options: TopicsRoutesOptions): FastifyPluginAsync {
  const { db } = ctx;
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/_api/topics', async (request) => {
      const user = requireUser(request);
      return topics.listTopics(db, user.id);
    });

    app.get('/_api/topics/:slug', { schema: { params: topicParamsSchema } }, async (request) => {
      const user = requireUser(request);
      const topic = await topics.topicDetail(db, user.id, request.params.slug);
      const [items, launches, skyEvents] = await Promise.all([
        options.topicItems(user.id, topic.slug, TOPIC_PAGE_ITEMS),
        options.topicLaunches(topic.slug),
        topics.topicSkyEvents(db, topic.slug),
      ]);
      return { topic, items, launches, skyEvents };
    });

    app.post('/_api/topics/follow', { schema: { body: followTopicSchema } }, async (request) => {
      const user = requireUser(request);
      return topics.setFollow(db, user.id, request.body.slug, request.body.follow);
    });

    app.post('/_api/topics/mute', { schema: { body: muteTopicSchema } }, async (request) => {
      const user = requireUser(request);
      return topics.setMute(db, user.id, request.body.slug, request.body.mute);
    });
  };
}
