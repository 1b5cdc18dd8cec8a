// What other modules ask of topics: an item's topics with their names, a
// user's followed and muted topics, a topic's detail. No module's SQL but ours.
import type { TopicDetail, TopicRef, TopicSkyEvent, TopicSummary } from '../../shared/topics';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import { keepVocabularyCurrent } from './loaded';
import * as repo from './repository';
import { skyEventsAbout } from './sky-events';
import { slugify } from './entities';
import { allEntities, entityBySlug } from './vocabulary';

/** A stored slug the vocabulary no longer knows keeps a readable name. */
function refOf(slug: string): TopicRef {
  return { slug, name: entityBySlug(slug)?.name ?? slug };
}

/** Each item's topics with their names, in one query (the list's page). */
export async function topicsOfItems(
  db: DB,
  itemIds: readonly number[],
): Promise<Map<number, TopicRef[]>> {
  const slugs = await repo.findItemTopics(db, itemIds);
  await keepVocabularyCurrent(db);
  return new Map([...slugs].map(([id, list]) => [id, list.map(refOf)]));
}

/** The topics a user follows: the alerts notify on their new stories. */
export function followedTopics(db: DB, userId: number): Promise<string[]> {
  return repo.findChoices(db, 'topic_follows', userId);
}

/** The topics each of these users follows (users who follow none are left out). */
export function followedTopicsOf(db: DB, userIds: readonly number[]) {
  return repo.findChoicesOf(db, 'topic_follows', userIds);
}

export function mutedTopics(db: DB, userId: number): Promise<string[]> {
  return repo.findChoices(db, 'topic_mutes', userId);
}

/**
 * The list's topic conditions for a user: the topic asked for, and the muted
 * topics whose stories leave the feed (all but the one asked for).
 */
export async function listTopicFilter(db: DB, userId: number, topic: string | undefined) {
  const muted = (await mutedTopics(db, userId)).filter((slug) => slug !== topic);
  return { topic, mutedTopics: muted };
}

export async function listTopics(db: DB, userId: number) {
  await keepVocabularyCurrent(db);
  const topics: TopicSummary[] = allEntities()
    .map((e) => ({ slug: e.slug, name: e.name, kind: e.kind }))
    .toSorted((a, b) => a.name.localeCompare(b.name));
  const [followed, muted] = await Promise.all([
    followedTopics(db, userId),
    mutedTopics(db, userId),
  ]);
  return { topics, followed, muted };
}

function knownTopic(slug: string) {
  const entity = entityBySlug(slug);
  if (!entity) throw notFound('Topic not found');
  return entity;
}

export async function topicDetail(db: DB, userId: number, slug: string): Promise<TopicDetail> {
  await keepVocabularyCurrent(db);
  const entity = knownTopic(slug);
  const [following, muted] = await Promise.all([
    repo.hasChoice(db, 'topic_follows', userId, slug),
    repo.hasChoice(db, 'topic_mutes', userId, slug),
  ]);
  return {
    slug: entity.slug,
    name: entity.name,
    kind: entity.kind,
    aliases: entity.aliases.filter((a) => a !== entity.name),
    following,
    muted,
  };
}

export async function setFollow(db: DB, userId: number, slug: string, follow: boolean) {
  await keepVocabularyCurrent(db);
  const entity = knownTopic(slug);
  await repo.setChoice(db, 'topic_follows', userId, slug, follow, Date.now());
  return { topic: { slug, name: entity.name }, following: follow };
}

export async function setMute(db: DB, userId: number, slug: string, mute: boolean) {
  await keepVocabularyCurrent(db);
  const entity = knownTopic(slug);
  await repo.setChoice(db, 'topic_mutes', userId, slug, mute, Date.now());
  return { topic: { slug, name: entity.name }, muted: mute };
}

/**
 * The topic a rule names: its slug, or a topic's name or alias as a person
 * would type it ("JWST", "Artemis II"); undefined when the vocabulary has none.
 */
export function resolveTopic(topic: string): string | undefined {
  if (entityBySlug(topic)) return topic;
  const wanted = topic.trim().toLowerCase();
  const named = allEntities().find((e) => e.aliases.some((a) => a.toLowerCase() === wanted));
  return named?.slug ?? (entityBySlug(slugify(topic)) ? slugify(topic) : undefined);
}

/** Which of these new items are about the topic (tagged at ingestion): the alerts' stories trigger. */
export async function storiesAboutTopic(
  db: DB,
  topic: string,
  itemIds: readonly number[],
): Promise<Set<number>> {
  await keepVocabularyCurrent(db);
  const slug = resolveTopic(topic);
  if (!slug || itemIds.length === 0) return new Set();
  return repo.findItemsTagged(db, slug, itemIds);
}

/** A topic's sky events in the coming months (sky/'s calendar, read through the matcher). */
export async function topicSkyEvents(
  db: DB,
  slug: string,
  now = Date.now(),
): Promise<TopicSkyEvent[]> {
  await keepVocabularyCurrent(db);
  return skyEventsAbout(slug, now);
}
