// Row types for every table. Rows are snake_case and never leave the server:
// each module's presenter turns them into the API's camelCase shapes.
// Timestamps are epoch milliseconds; booleans are 0/1 integers on both dialects.
import type { SourceType } from '../../shared/constants';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Bool = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  display_name: string;
  password_hash: string;
  avatar_url: string | null;
  role: 'admin' | 'user';
  zip_code: string | null;
  no_ads: ColumnType<Bool, Bool | undefined, Bool>;
  is_disabled: ColumnType<Bool, Bool | undefined, Bool>;
  /** When the address was last changed; null while it is the one registered with (0011). */
  email_changed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When an opened story counts as read (0013): 'opened', 'scrolled' or 'manual'. */
  mark_read_policy: ColumnType<string, string | undefined, string>;
  /** 1 = the keyboard shortcuts are on (0013). */
  keyboard_shortcuts: ColumnType<Bool, Bool | undefined, Bool>;
  /** A place by coordinates (0017), null with a ZIP code or no place; set together. */
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  /** The coordinates' place name and IANA time zone, resolved offline when set (0017). */
  place_name: ColumnType<string | null, string | null | undefined, string | null>;
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Weather units chosen (0017): 'us' or 'metric'; null follows the place. */
  units: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface AvatarsTable {
  user_id: number;
  /** Random hex id the image is served under; new on every upload (migration 0007). */
  public_id: string;
  content_type: string;
  data: Buffer;
  updated_at: number;
}

export interface NewsSourcesTable {
  id: Generated<number>;
  name: string;
  url: string;
  /** Normalised URL, for "same URL twice" checks. */
  url_key: string;
  source_type: SourceType;
  /** null = a default (system) source shared by everyone. */
  user_id: number | null;
  is_enabled: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: number;
  updated_at: number;
  last_fetched_at: number | null;
  last_status: 'ok' | 'not_modified' | 'error' | null;
  last_error: string | null;
  error_count: ColumnType<number, number | undefined, number>;
  next_fetch_at: ColumnType<number, number | undefined, number>;
  etag: string | null;
  last_modified: string | null;
  /** Fetcher-specific cache, e.g. the channel feed a YouTube @handle resolved to. */
  resolved_url: string | null;
  item_count: ColumnType<number, number | undefined, number>;
  /** 1 = written by the server itself (AI Briefings): never polled, edited or deleted (0009). */
  built_in: ColumnType<Bool, Bool | undefined, Bool>;
}

export interface SourcePreferencesTable {
  user_id: number;
  source_id: number;
  is_enabled: Bool;
  updated_at: number;
}

export interface NewsItemsTable {
  id: Generated<number>;
  source_id: number;
  /** guid if the item has one, else its canonical URL: unique per source. */
  dedupe_key: string;
  url: string;
  title: string;
  /** Sanitised HTML. */
  summary: string;
  /** Plain text derived from summary once, at ingestion. */
  summary_text: string;
  /** Sanitised HTML, null when the source gives only a summary. */
  content: string | null;
  content_text: string | null;
  image_url: string | null;
  author: string | null;
  published_at: number;
  fetched_at: number;
  updated_at: number;
  item_type: string;
  is_breaking: Bool;
  engagement_score: number;
  /** JSON text with type-specific details (launch status, pad, webcast…). */
  extra: string | null;
  /** Hash of the item as fetched, before normalising (0006): unchanged items are skipped. */
  content_hash: string | null;
}

/** Maintained by triggers: items per (source, type, breaking), so totals never scan items. */
export interface SourceItemCountsTable {
  source_id: number;
  item_type: string;
  is_breaking: Bool;
  item_count: number;
}

/** Sliding-window counters for rate limits (login failures, registrations, refreshes). */
export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: number;
}

/** One-time markers and small settings (0003_app_meta). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

/** System-wide notices written by admins (0010_announcements). */
export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  /** Markdown, rendered without raw HTML in the browser. */
  content: string;
  type: string;
  expiration_date: number;
  /** The admin who wrote it; null once that account is gone. */
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One row per user who dismissed an announcement. */
export interface AnnouncementDismissalsTable {
  user_id: number;
  announcement_id: number;
  dismissed_at: number;
}

/** One AI summary per news item, shared by every user (0009). */
export interface AiSummariesTable {
  news_item_id: number;
  summary: string;
  /** 'local' or the model's name. */
  provider: string;
  created_at: number;
}

/** A background job's definition state (0008_jobs). */
export interface JobsTable {
  name: string;
  enabled: Bool;
  /** The schedule it was last stored with; a changed definition recomputes next_run_at. */
  schedule: string;
  next_run_at: number | null;
  updated_at: number;
}

export interface JobRunsTable {
  id: Generated<number>;
  job_name: string;
  trigger: 'schedule' | 'manual';
  status: 'running' | 'success' | 'error';
  started_at: number;
  finished_at: number | null;
  /** JSON object of the run's figures (deletedCount, newItemsAdded…). */
  figures: string | null;
  error: string | null;
}

/** Who may run a job now; an expired lease is free to take. */
export interface JobLeasesTable {
  job_name: string;
  owner: string;
  expires_at: number;
}

/** Per user and source: every item with an id up to read_through_id is read (0013). */
export interface ReadingMarksTable {
  user_id: number;
  source_id: number;
  read_through_id: number;
  updated_at: number;
}

/** Per user and item, only where it differs from the watermark or is saved (0013). */
export interface ReadingItemsTable {
  user_id: number;
  item_id: number;
  source_id: number;
  /** null: as the watermark says. */
  is_read: Bool | null;
  is_saved: ColumnType<Bool, Bool | undefined, Bool>;
  saved_at: number | null;
  updated_at: number;
}

/** The last mark-all-read's prior state, JSON (0013). */
export interface ReadingUndoTable {
  user_id: number;
  snapshot: string;
  created_at: number;
}

/** A private Atom feed URL (0013); only the token's hash is stored. */
export interface PrivateFeedsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  filters: string | null;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
}

/** A satellite's element set from CelesTrak (0018), refreshed every 12 hours. */
export interface SkyTlesTable {
  norad_id: number;
  name: string;
  line1: string;
  line2: string;
  epoch: number;
  fetched_at: number;
}

/** A user's sky settings (0018): the lowest peak a listed satellite pass may have. */
export interface SkyPreferencesTable {
  user_id: number;
  min_pass_elevation: number;
  updated_at: number;
}

/** A user's private iCal subscription (0018); only the token's hash is stored. */
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
}
/** A place an alert is sent to (0021): push, ntfy, webhook or e-mail. */
export interface AlertChannelsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  name: string;
  /** JSON: url, topic, email; a push subscription's endpoint and keys. */
  config: string;
  token: string | null;
  secret: string | null;
  origin: string;
  status: ColumnType<string, string | undefined, string>;
  status_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** A trigger, its conditions and its channels (0021). */
export interface AlertRulesTable {
  id: Generated<number>;
  user_id: number;
  trigger_kind: string;
  /** JSON of the validated trigger. */
  trigger: string;
  enabled: Bool;
  override_quiet: ColumnType<Bool, Bool | undefined, Bool>;
  enabled_at: number;
  cursor: number | null;
  state: string | null;
  created_at: number;
  updated_at: number;
}

export interface AlertRuleChannelsTable {
  rule_id: number;
  channel_id: number;
}

/** Quiet hours (minutes after local midnight) and the time zone they are read in (0021). */
export interface AlertSettingsTable {
  user_id: number;
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string | null;
  updated_at: number;
}

/** The last snapshot of a watched thing (a launch), JSON (0021). */
export interface AlertSubjectsTable {
  kind: string;
  key: string;
  state: string;
  updated_at: number;
}

/** A site's icon for reader apps, by origin (0022); `data` is "image/png;base64,…" or null (none). */
export interface SiteIconsTable {
  id: Generated<number>;
  origin: string;
  data: string | null;
  fetched_at: number;
}

/** The outbox: one row per alert, its identity UNIQUE (0021). */
export interface AlertsTable {
  id: Generated<number>;
  identity: string;
  user_id: number;
  rule_id: number;
  kind: string;
  group_key: string | null;
  payload: string;
  status: 'pending' | 'done' | 'cancelled';
  reason: string | null;
  due_at: number;
  now_event: ColumnType<Bool, Bool | undefined, Bool>;
  claimed_by: string | null;
  claim_expires_at: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

/** One alert sent (or to send) on one channel (0021). */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  alert_id: number;
  channel_id: number;
  user_id: number;
  status: 'pending' | 'deferred' | 'sent' | 'failed' | 'cancelled';
  reason: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: number;
  title: string | null;
  body: string | null;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
}
/** An item's topic, tagged at ingestion (0019). */
export interface ItemTopicsTable {
  item_id: number;
  topic: string;
  /** The item's source, so a topic's items in a feed are read from the index alone. */
  source_id: number;
  /** Order of first mention, implied topics last. */
  position: ColumnType<number, number | undefined, number>;
}

/** Items per topic and source, kept by triggers on item_topics (0019). */
export interface TopicSourceCountsTable {
  topic: string;
  source_id: number;
  item_count: number;
}

/** A user's followed or muted topic (0019): topic_follows, topic_mutes. */
export interface TopicChoiceTable {
  user_id: number;
  topic: string;
  created_at: number;
}

/** The LL2 half of the topic vocabulary, as last refreshed (0019); aliases as JSON. */
export interface TopicVocabularyTable {
  slug: string;
  name: string;
  kind: string;
  aliases: string;
  refreshed_at: number;
}
/** A password for reader apps (0015); only hashes of it are stored. */
export interface ApiPasswordsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The password's first group: which row a sign-in checks (not secret on its own). */
  lookup: string;
  /** argon2id. */
  password_hash: string;
  /** SHA-256 (hex) of the Fever api_key for the address as registered. */
  fever_key_hash: string;
  /** The same for the lower-cased address, when that differs. */
  fever_key_hash_lower: string | null;
  created_at: number;
  last_used_at: number | null;
}

/** A user's folder of sources (0015). */
export interface FoldersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: number;
}

/** The folder a source is in for a user (0015). */
export interface SourceFoldersTable {
  user_id: number;
  source_id: number;
  folder_id: number;
  updated_at: number;
}
/** An item in a story of more than one item (0020); an item alone has no row. */
export interface StoryMembersTable {
  item_id: number;
  /** The id of the story's first item. */
  story_id: number;
  source_id: number;
  published_at: number;
  /** Orders the members for the primary: preferred source, then the longest text. */
  story_rank: number;
  /** 1 = the best of all its story's members. */
  story_top: Bool;
}

/** What the clusterer compares, for recent items (0020; src/server/stories/features.ts). */
export interface StoryItemsTable {
  item_id: number;
  source_id: number;
  published_at: number;
  rank: number;
  url_key: string | null;
  simhash: string;
  terms: string;
  entities: string;
  events: string;
}

/** Two items a reader split with "Not the same story" (0020); stored both ways. */
export interface StoryApartTable {
  item_id: number;
  other_id: number;
  user_id: number | null;
  created_at: number;
}

/** One row: replaced by every write to stories, so an in-memory copy knows it is stale (0020). */
export interface StoryStateTable {
  id: number;
  token: string;
}
/** A Launch Library 2 launch (0016); lists as JSON text. */
export interface LaunchesTable {
  id: string;
  name: string;
  slug: string | null;
  api_url: string | null;
  net: number | null;
  net_precision: string | null;
  window_start: number | null;
  window_end: number | null;
  status_id: number | null;
  status: string | null;
  status_abbrev: string | null;
  fail_reason: string | null;
  hold_reason: string | null;
  provider: string | null;
  provider_abbrev: string | null;
  vehicle: string | null;
  vehicle_name: string | null;
  vehicle_family: string | null;
  mission: string | null;
  mission_description: string | null;
  mission_type: string | null;
  orbit: string | null;
  pad: string | null;
  location: string | null;
  programs: ColumnType<string, string | undefined, string>;
  image_url: string | null;
  webcast_live: ColumnType<Bool, Bool | undefined, Bool>;
  webcasts: ColumnType<string, string | undefined, string>;
  info_urls: ColumnType<string, string | undefined, string>;
  updates: ColumnType<string, string | undefined, string>;
  last_updated: number | null;
  detailed_updated: number | null;
  first_seen_at: number;
  seen_at: number;
  /** History rows after the first observation. */
  changes: ColumnType<number, number | undefined, number>;
}

/** A change of a launch's net, precision, status or window, when first seen (0016). */
export interface LaunchHistoryTable {
  id: Generated<number>;
  launch_id: string;
  observed_at: number;
  net: number | null;
  net_precision: string | null;
  status: string | null;
  window_start: number | null;
  window_end: number | null;
  last_updated: number | null;
}

/** A story about a launch (0016). */
export interface LaunchLinksTable {
  item_id: number;
  launch_id: string;
  method: 'id' | 'names';
  /** The story's publication time, so a launch's newest stories are one index range. */
  published_at: number;
  created_at: number;
}

/** One call to Launch Library (0016): the rolling-hour budget counts these. */
export interface LaunchApiCallsTable {
  id: Generated<number>;
  called_at: number;
  kind: string;
  status: number | null;
}

/** The launch poller's state, one row (id 1) that budget reservations lock (0016). */
export interface LaunchPollStateTable {
  id: number;
  throttled_until: number | null;
  last_poll_at: number | null;
  last_full_sweep_at: number | null;
  changes_since: number | null;
  last_error: string | null;
  next_poll_at: number | null;
  reservations: ColumnType<number, number | undefined, number>;
  store_version: ColumnType<number, number | undefined, number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  avatars: AvatarsTable;
  news_sources: NewsSourcesTable;
  source_preferences: SourcePreferencesTable;
  news_items: NewsItemsTable;
  source_item_counts: SourceItemCountsTable;
  rate_events: RateEventsTable;
  app_meta: AppMetaTable;
  announcements: AnnouncementsTable;
  announcement_dismissals: AnnouncementDismissalsTable;
  ai_summaries: AiSummariesTable;
  jobs: JobsTable;
  job_runs: JobRunsTable;
  job_leases: JobLeasesTable;
  reading_marks: ReadingMarksTable;
  reading_items: ReadingItemsTable;
  private_feeds: PrivateFeedsTable;
  reading_undo: ReadingUndoTable;
  sky_tles: SkyTlesTable;
  sky_preferences: SkyPreferencesTable;
  calendar_feeds: CalendarFeedsTable;
  alert_channels: AlertChannelsTable;
  alert_rules: AlertRulesTable;
  alert_rule_channels: AlertRuleChannelsTable;
  alert_settings: AlertSettingsTable;
  alert_subjects: AlertSubjectsTable;
  site_icons: SiteIconsTable;
  alerts: AlertsTable;
  alert_deliveries: AlertDeliveriesTable;
  item_topics: ItemTopicsTable;
  topic_source_counts: TopicSourceCountsTable;
  topic_follows: TopicChoiceTable;
  topic_mutes: TopicChoiceTable;
  topic_vocabulary: TopicVocabularyTable;
  api_passwords: ApiPasswordsTable;
  folders: FoldersTable;
  source_folders: SourceFoldersTable;
  story_members: StoryMembersTable;
  story_items: StoryItemsTable;
  story_apart: StoryApartTable;
  story_state: StoryStateTable;
  launches: LaunchesTable;
  launch_history: LaunchHistoryTable;
  launch_links: LaunchLinksTable;
  launch_api_calls: LaunchApiCallsTable;
  launch_poll_state: LaunchPollStateTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SourceRow = Selectable<NewsSourcesTable>;
export type NewSource = Insertable<NewsSourcesTable>;
export type NewNewsItem = Insertable<NewsItemsTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type AlertChannelRow = Selectable<AlertChannelsTable>;
export type AlertRuleRow = Selectable<AlertRulesTable>;
export type AlertRow = Selectable<AlertsTable>;
export type AlertDeliveryRow = Selectable<AlertDeliveriesTable>;
