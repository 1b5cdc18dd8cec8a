// Space topics (issue 29): the calls' shapes, shared by server and web.
import { z } from 'zod';
import type { LaunchHistoryEntry, LaunchSummary } from './launches';

export const TOPIC_SLUG_MAX = 100;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const topicSlugSchema = z
  .string({ error: 'Topic is required' })
  .trim()
  .min(1, 'Topic is required')
  .max(TOPIC_SLUG_MAX, 'Topic must be a topic slug such as "artemis-ii"')
  .regex(SLUG, 'Topic must be a topic slug such as "artemis-ii"');

export const topicParamsSchema = z.object({ slug: topicSlugSchema });

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

export const followTopicSchema = z.object({ slug: topicSlugSchema, follow: flag('follow') });
export const muteTopicSchema = z.object({ slug: topicSlugSchema, mute: flag('mute') });

/** An item's topic, as the list carries it. */
export interface TopicRef {
  slug: string;
  name: string;
}

export interface TopicSummary extends TopicRef {
  kind: string;
}

export interface TopicDetail extends TopicSummary {
  aliases: string[];
  following: boolean;
  muted: boolean;
}

/** GET /_api/topics: the vocabulary and the caller's choices. */
export interface TopicsResponse {
  topics: TopicSummary[];
  followed: string[];
  muted: string[];
}

/** A sky event on a topic's page (GET /_api/topics/:slug's skyEvents). */
export interface TopicSkyEvent {
  id: string;
  kind: string;
  title: string;
  /** ISO instant. */
  at: string;
  endAt?: string;
  description: string;
}

/**
 * A launch on a topic's page (GET /_api/topics/:slug's launches): the launch as
 * the Rocket Launches list shows it, with its recorded changes, oldest first.
 */
export interface TopicLaunch extends Omit<LaunchSummary, 'stories'> {
  history: LaunchHistoryEntry[];
}
