// One zod schema per API edge, with the spec's validation messages. The server
// validates requests with these; the web forms validate with the same ones.
import { z } from 'zod';
import { isBidiControl } from './hidden-chars';
import { READ_STATUSES } from './reading';
import { topicSlugSchema } from './topics';
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_CONTENT_MIN,
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENT_TITLE_MIN,
  ANNOUNCEMENT_TYPES,
  AI_QUESTION_MAX,
  ITEM_TYPES,
  NEWS_QUERY_MAX,
  NEWS_QUERY_MIN,
  LIST_PAGE_SIZE_DEFAULT,
  LIST_PAGE_SIZE_MAX,
  PASSWORD_MIN,
  SEARCH_MAX,
  SEARCH_MIN,
  SORT_FIELDS,
  SOURCE_TYPES,
  SUMMARIZE_MIN_CONTENT_WITHOUT_URL,
} from './constants';

// ---------- names ----------

/**
 * Control characters (NUL, escapes, C1) and bidirectional overrides/isolates
 * (U+202A–U+202E, U+2066–U+2069, see hidden-chars.ts): they hide or reorder
 * text in other people's views and logs, so no name may carry them.
 */
export function hasUnsafeNameChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) return true;
    if (isBidiControl(c)) return true;
  }
  return false;
}
/** The name with those characters removed, for names that arrive in bulk (OPML import). */
export function stripUnsafeNameChars(s: string): string {
  if (!hasUnsafeNameChars(s)) return s;
  let out = '';
  for (const ch of s) if (!hasUnsafeNameChars(ch)) out += ch;
  return out;
}
export const UNSAFE_DISPLAY_NAME_MESSAGE =
  'Display name cannot contain control characters or text-direction overrides';
export const UNSAFE_SOURCE_NAME_MESSAGE =
  'Name cannot contain control characters or text-direction overrides.';

// ---------- auth and account ----------

export const STRONG_PASSWORD_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter and one number';
const isStrongPassword = (p: string) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p);

export const ZIP_MESSAGE = 'Invalid zip code format. Must be 5 digits.';
/** A 5-digit ZIP, or null/empty to remove it. */
export const zipCodeField = z.preprocess(
  (v) => (v === '' ? null : v),
  z.union([z.string().regex(/^\d{5}$/, ZIP_MESSAGE), z.null()], { error: ZIP_MESSAGE }),
);

export const loginSchema = z.object({
  email: z.email({ error: 'Email is required' }),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

export const registerSchema = z.object({
  email: z.email({ error: 'Email is required' }).max(254, 'Email is required'),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(PASSWORD_MIN, 'Password must be at least 8 characters')
    .max(256, 'Password is too long')
    .refine(isStrongPassword, STRONG_PASSWORD_MESSAGE),
  displayName: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Display name must be at most 100 characters')
    .refine((v) => !hasUnsafeNameChars(v), UNSAFE_DISPLAY_NAME_MESSAGE),
  zipCode: zipCodeField.optional(),
});

export const updateProfileSchema = z.object({
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(100, 'Display name must be at most 100 characters')
    .refine((v) => !hasUnsafeNameChars(v), UNSAFE_DISPLAY_NAME_MESSAGE)
    .optional(),
  email: z.email({ error: 'Invalid email address' }).max(254, 'Invalid email address').optional(),
  avatarUrl: z.string().max(2048).nullable().optional(),
  /** Required by the server when `email` changes the address. */
  currentPassword: z.string().max(256, 'Current password is incorrect').optional(),
});

/** The account form's own wording for a bad e-mail. */
export const profileFormSchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, 'Display name is required')
    .refine((v) => !hasUnsafeNameChars(v), UNSAFE_DISPLAY_NAME_MESSAGE),
  email: z.email({ error: 'Please enter a valid email address' }),
  currentPassword: z.string().optional(),
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required'),
  newPassword: z
    .string({ error: 'New password must be at least 8 characters' })
    .min(PASSWORD_MIN, 'New password must be at least 8 characters')
    .max(256, 'Password is too long')
    // The same strength rule as registration, so a change cannot weaken it.
    .refine(isStrongPassword, STRONG_PASSWORD_MESSAGE),
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string({ error: 'Please confirm your new password' })
      .min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const updateZipSchema = z.object({ zipCode: zipCodeField });

// ---------- news feed ----------

const queryBoolean = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Must be true or false' }),
);

/** Query strings carry repeated `sourceIds[]` (or `sourceIds`) as a string or a list. */
const idList = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
  z.array(z.string().max(64)).max(1000).optional(),
);

export const newsListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be an integer of at least 1' })
    .int('Page must be an integer of at least 1')
    .min(1, 'Page must be an integer of at least 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be an integer from 1 to 100' })
    .int('Page size must be an integer from 1 to 100')
    .min(1, 'Page size must be an integer from 1 to 100')
    .max(LIST_PAGE_SIZE_MAX, 'Page size must be an integer from 1 to 100')
    .default(LIST_PAGE_SIZE_DEFAULT),
  sourceIds: idList,
  itemType: z.enum(ITEM_TYPES, { error: 'Invalid item type' }).optional(),
  isBreaking: queryBoolean.optional(),
  sortBy: z.enum(SORT_FIELDS, { error: 'Invalid sort field' }).default('publishedAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'Sort order must be asc or desc' }).default('desc'),
  searchTerm: z
    .string()
    .trim()
    .min(SEARCH_MIN, 'Search term must be at least 2 characters')
    .max(SEARCH_MAX, 'Search term must be at most 200 characters')
    .optional(),
  includeBlueSky: queryBoolean.default(false),
  /** Opaque keyset cursor returned as `pagination.nextCursor`; the infinite scroll follows it. */
  cursor: z.string().max(200).optional(),
  /** Read state (issue 25): unread, read or all items. */
  status: z.enum(READ_STATUSES, { error: 'Status must be unread, read or all' }).default('all'),
  /** Only the caller's saved items (issue 25). */
  saved: queryBoolean.optional(),
  /** Only stories of one space topic (issue 29). */
  topic: topicSlugSchema.optional(),
  /** One story once (issue 29): false returns every item on its own. */
  group: queryBoolean.default(true),
  /** "hot": stories ranked by how many of the feed's sources carried them in the last day (issue 29). */
  view: z.enum(['hot'], { error: 'View must be hot' }).optional(),
  /** One story's items (issue 29): its id as `story.id` gives it. */
  storyId: z
    .string()
    .regex(/^\d{1,15}$/, 'Story ID must be a number')
    .optional(),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export const summarizeSchema = z
  .object({
    newsItemId: z
      .union([z.string(), z.number()], { error: 'News item ID is required.' })
      .transform(String)
      .pipe(z.string().min(1, 'News item ID is required.')),
    content: z.string({ error: 'Content is required.' }).min(1, 'Content is required.'),
    url: z.url({ error: 'Please enter a valid URL.' }).optional(),
  })
  .refine((v) => v.url || v.content.length >= SUMMARIZE_MIN_CONTENT_WITHOUT_URL, {
    message:
      'Content must be at least 50 characters long when no URL is provided for content fetching.',
    path: ['content'],
  });

/** A body-less call: no body (null), an empty JSON body (undefined) or `{}` all mean "no input". */
const orEmpty = (v: unknown) => v ?? {};
export const noInputSchema = z.preprocess(orEmpty, z.object({}).passthrough());

export const fetchNewsSchema = z.preprocess(
  orEmpty,
  z.object({
    sourceIds: z
      .array(z.union([z.string(), z.number()]).transform(String))
      .max(1000)
      .optional(),
  }),
);

// ---------- AI ----------

export const chatSchema = z.object({
  question: z
    .string({ error: 'Question cannot be empty.' })
    .trim()
    .min(1, 'Question cannot be empty.')
    .max(AI_QUESTION_MAX, 'Question is too long.'),
});

export const newsQuerySchema = z.object({
  query: z
    .string({ error: 'Query must be at least 3 characters long.' })
    .trim()
    .min(NEWS_QUERY_MIN, 'Query must be at least 3 characters long.')
    .max(NEWS_QUERY_MAX, 'Query is too long.'),
});

// ---------- sources ----------

/**
 * An id sent as a number or a numeric string (clients send either). It arrives
 * as a string; the module decides whether it names one of its rows.
 */
const idField = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform(String)
    .pipe(z.string().trim().min(1, message));

const sourceId = idField('Source ID is required.');

const sourceName = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(200, 'Name must be at most 200 characters.')
  .refine((v) => !hasUnsafeNameChars(v), UNSAFE_SOURCE_NAME_MESSAGE);
const sourceUrl = z
  .string({ error: 'Please enter a valid URL.' })
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid URL.' }))
  .pipe(z.string().max(2048, 'Please enter a valid URL.'));
const sourceType = z.enum(SOURCE_TYPES, { error: 'Please select a valid source type.' });

export const createSourceSchema = z.object({ name: sourceName, url: sourceUrl, sourceType });

export const updateSourceSchema = z
  .object({
    sourceId,
    name: sourceName.optional(),
    url: sourceUrl.optional(),
    sourceType: sourceType.optional(),
  })
  .refine((v) => v.name !== undefined || v.url !== undefined || v.sourceType !== undefined, {
    message: 'At least one field (name, url, or sourceType) must be provided to update.',
  });

export const deleteSourceSchema = z.object({ sourceId });

export const sourcePreferenceSchema = z.object({
  sourceId,
  isEnabled: z.boolean({ error: 'isEnabled must be true or false.' }),
});

export const extractTitleSchema = z.object({
  url: z
    .string({ error: 'Please enter a valid URL.' })
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid URL.' })),
});

/** OPML import (beyond the spec): the file's text, at most 1 MB. */
export const OPML_MAX_CHARS = 1024 * 1024;
export const opmlImportSchema = z.object({
  opml: z
    .string({ error: 'Please choose an OPML file to import.' })
    .min(1, 'Please choose an OPML file to import.')
    .max(OPML_MAX_CHARS, 'The OPML file is too large (at most 1 MB).'),
});

// ---------- announcements ----------

export const ANNOUNCEMENT_MESSAGES = {
  id: 'Announcement ID is required.',
  title: 'Title must be at least 3 characters long.',
  titleTooLong: 'Title must be at most 200 characters long.',
  content: 'Content must be at least 10 characters long.',
  contentTooLong: 'Content must be at most 10000 characters long.',
  type: 'Please select a valid announcement type.',
  expirationInvalid: 'Expiration date must be a valid date.',
  expirationPast: 'Expiration date must be in the future.',
  nothingToUpdate: 'At least one field to update must be provided.',
} as const;
const M = ANNOUNCEMENT_MESSAGES;

/** Beyond this an ISO date no longer has a four-digit year. */
const LAST_EXPIRY_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const announcementId = idField(M.id);
const announcementTitle = z
  .string({ error: M.title })
  .trim()
  .min(ANNOUNCEMENT_TITLE_MIN, M.title)
  .max(ANNOUNCEMENT_TITLE_MAX, M.titleTooLong);
// Markdown keeps its leading spaces (an indented first line is a code block),
// so the length rule looks at the trimmed text without changing what is stored.
const announcementContent = z
  .string({ error: M.content })
  .refine((s) => s.trim().length >= ANNOUNCEMENT_CONTENT_MIN, M.content)
  .refine((s) => s.length <= ANNOUNCEMENT_CONTENT_MAX, M.contentTooLong);
const announcementType = z.enum(ANNOUNCEMENT_TYPES, { error: M.type });
/** An ISO 8601 date-time with its offset, in the future; parsed to epoch milliseconds. */
const expirationDate = z
  .string({ error: M.expirationInvalid })
  .pipe(z.iso.datetime({ offset: true, error: M.expirationInvalid }))
  .transform((s) => Date.parse(s))
  .refine((ms) => Number.isFinite(ms) && ms <= LAST_EXPIRY_MS, M.expirationInvalid)
  .refine((ms) => ms > Date.now(), M.expirationPast);

// The admin form sends exactly these fields; anything else is refused.
export const createAnnouncementSchema = z.strictObject({
  title: announcementTitle,
  content: announcementContent,
  type: announcementType,
  expirationDate,
});

export const updateAnnouncementSchema = z
  .strictObject({
    announcementId,
    title: announcementTitle.optional(),
    content: announcementContent.optional(),
    type: announcementType.optional(),
    expirationDate: expirationDate.optional(),
  })
  .refine(
    (v) =>
      v.title !== undefined ||
      v.content !== undefined ||
      v.type !== undefined ||
      v.expirationDate !== undefined,
    { message: M.nothingToUpdate },
  );

export const deleteAnnouncementSchema = z.object({ announcementId });
export const dismissAnnouncementSchema = z.object({ announcementId });
