// Feed text inside the Markdown the server composes (the local engine's answers):
// escaped so that a feed's title, text or source name reads as text and can
// never become a link, an image, an autolink or emphasis. The only links in a
// composed answer are the ones the server writes, to stored stories' own URLs.

/**
 * Every character that can open inline Markdown structure (links, images,
 * autolinks, raw HTML, emphasis, code, strikethrough) backslash-escaped;
 * CommonMark lets any ASCII punctuation be escaped. One pass, linear.
 */
export const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]()<>!~|#]/g, '\\$&');

/** A URL made safe inside `[text](url)`: the characters that would end or split it, percent-encoded. */
export const markdownUrl = (url: string) =>
  url.replace(
    /[()\s<>]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
