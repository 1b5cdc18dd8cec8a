// The web app's routes (spec 000 §2, 001 §2). The router renders them; the server
// answers 200 with the app for these paths and 404 (with the same app, which
// shows Not Found) for any other, so both sides agree on what exists.

export const APP_ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  account: '/account',
  announcements: '/announcements',
  redditFeeds: '/reddit-feeds',
  blueskyFeeds: '/bluesky-feeds',
  rocketLaunches: '/rocket-launches',
  admin: '/admin',
  adminAnnouncements: '/admin/announcements',
  /** The sky-events calendar and satellite passes (issue 28). */
  skyCalendar: '/sky-calendar',
  /** Alerts: rules, channels, quiet hours, the delivery log (issue 30). */
  alerts: '/alerts',
  /** A space topic's page (issue 29): /topics/artemis-ii. */
  topic: '/topics/:slug',
} as const;

/** The path of a topic's page. */
export const topicPath = (slug: string) => `/topics/${encodeURIComponent(slug)}`;
const TOPIC_PATH = /^\/topics\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

const PATHS: ReadonlySet<string> = new Set(
  Object.values(APP_ROUTES).filter((p) => !p.includes(':')),
);

/** Whether a URL path (query and hash ignored, one trailing slash allowed) is a page of the app. */
export function isAppPath(url: string): boolean {
  let path = url.split(/[?#]/, 1)[0];
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return PATHS.has(path) || TOPIC_PATH.test(path);
}
