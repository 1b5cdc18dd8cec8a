// The type-specific details an item carries in `extra`, per source type. The
// fetchers write these shapes at ingestion; the API sends them with the item,
// and the web reads them by narrowing on `sourceType` (no casts).

/** rocket_launch (fetchers/launch-items.ts). */
export type LaunchExtra = {
  /** Launch Library 2's id: the launch's page and calls (/_api/launches/:id). */
  launchId: string;
  status: string | null;
  statusAbbrev: string | null;
  provider: string | null;
  rocket: string | null;
  pad: string | null;
  location: string | null;
  windowStart: string | null;
  windowEnd: string | null;
  net: string | null;
  webcastUrl: string | null;
  webcastLive: boolean;
  missionName: string | null;
  missionType: string | null;
  orbit: string | null;
};

/** bluesky (fetchers/bluesky.ts). */
export type BlueskyExtra = {
  handle: string;
  did: string | null;
  isReply: boolean;
  linkUrl: string | null;
};

/** youtube (fetchers/youtube.ts). */
export type YoutubeExtra = {
  videoId: string | null;
  channelId: string | null;
  isShort: boolean;
};

/** Types whose fetchers keep free-form details, or none. */
export type OtherExtra = Record<string, unknown>;

export type ItemExtraByType = {
  rss: OtherExtra;
  youtube: YoutubeExtra;
  reddit: OtherExtra;
  bluesky: BlueskyExtra;
  google_news: OtherExtra;
  rocket_launch: LaunchExtra;
  custom: OtherExtra;
};
