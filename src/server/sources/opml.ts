// OPML 2.0 import and export of a user's personal sources (beyond the spec).
// Parsing is defensive: the DOCTYPE is removed before parsing and entities are
// never expanded by the parser (only the predefined ones and character
// references are decoded afterwards), so "billion laughs" documents cost nothing.
// saxes checks that the file is well-formed XML (one linear pass, about three
// times faster than fast-xml-parser's validator on hostile input); feedsmith
// parses and generates the OPML itself.
import {
  MalformedError,
  generateOpml,
  parseOpml as parseFeedsmithOpml,
  type Opml,
} from 'feedsmith';
import { SOURCE_TYPES, type SourceType } from '../../shared/constants';
import { SaxesParser } from 'saxes';
import { OPML_MAX_CHARS } from '../../shared/schemas';
import type { OpmlImportReport } from '../../shared/types';
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { SourceRow, UserRow } from '../db/tables';
import { badRequest } from '../http/errors';
import { safeXml } from '../net/decode';
import { siteUrlOf } from './presenter';
import * as repo from './repository';
import {
  SOURCE_MESSAGES,
  duplicateMessage,
  roomForPersonalSources,
  urlRuleOptions,
} from './service';
import { urlKey } from './url-key';
import { URL_MESSAGES, checkSourceUrl, inferSourceType, normalizeSourceUrl } from './url-rules';

export const OPML_FILENAME = 'astrodash-sources.opml';
/** The JSON body wraps up to 1 MB of OPML; escaping can nearly double it. */
export const OPML_BODY_LIMIT = 2 * OPML_MAX_CHARS + 4096;
/** Feed outlines read from one file; the rest are reported, not imported. */
export const OPML_MAX_SOURCES = 1000;
const NAME_MAX = 200;
const INSERT_BATCH = 200;

// ---------- export ----------

// Characters XML 1.0 cannot carry at all, even escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlSafe = (v: string) => v.replace(INVALID_XML_CHARS, '');
const EXTRA_ATTRIBUTES = ['astrodashType'] as const;

/** The page a reader would open for a source (sources/presenter.ts). */
const htmlUrlOf = (source: SourceRow) => siteUrlOf(source.url, source.source_type);

export function renderOpml(sources: SourceRow[], ownerName: string, at = new Date()): string {
  const head = {
    title: xmlSafe(`AstroDash sources of ${ownerName}`),
    dateCreated: at,
    ownerName: xmlSafe(ownerName),
  };
  // feedsmith refuses a document without outlines; OPML allows an empty body.
  if (sources.length === 0)
    return upperCaseProlog(
      generateOpml({ head, body: { outlines: [{ text: 'none' }] } }).replace(
        /<body>[^]*?<\/body>/,
        '<body>\n  </body>',
      ),
    );
  const xml = generateOpml(
    {
      head,
      body: {
        outlines: sources.map((s) => ({
          type: 'rss',
          text: xmlSafe(s.name),
          title: xmlSafe(s.name),
          xmlUrl: xmlSafe(s.url),
          htmlUrl: xmlSafe(htmlUrlOf(s)),
          ...(s.source_type === 'rss' ? {} : { astrodashType: s.source_type }),
        })),
      },
    },
    { extraOutlineAttributes: EXTRA_ATTRIBUTES },
  );
  return upperCaseProlog(xml);
}

/** The prolog as earlier exports wrote it (same meaning; some readers compare it). */
const upperCaseProlog = (xml: string) => xml.replace('encoding="utf-8"', 'encoding="UTF-8"');

export async function exportOpml(db: DB, user: UserRow): Promise<string> {
  return renderOpml(await repo.listPersonalSources(db, user.id), user.display_name);
}

// ---------- parsing ----------

export interface OpmlEntry {
  name: string;
  url: string;
  /** From astrodashType, when the file says so and it is one of ours. */
  type: SourceType | null;
}

function readError(reason: string) {
  // A name from the file may be long or span lines.
  let short = reason.slice(0, 400).replace(/\s+/g, ' ').trim();
  if (short.length > 200) short = `${short.slice(0, 199)}…`;
  return badRequest(`Could not read the OPML file: ${short}`);
}

/**
 * Why the text is not well-formed XML, in the checker's words with where it
 * happened ("Expected closing tag 'outline' (line 3, column 9)."), or null.
 */
function notWellFormed(xml: string): string | null {
  const parser = new SaxesParser();
  // Told of before the error on a close tag that does not match: the tag still open.
  let lastClosed = '';
  let reason: string | null = null;
  parser.on('closetag', (tag) => (lastClosed = tag.name));
  parser.on('error', (err) => {
    const [, line, column, message] = /^(\d+):(\d+): (.*)$/.exec(err.message) ?? ['', '', '', ''];
    // Entities are the decoding's business (see parseOpml): other names stay
    // as written, references to characters a name cannot hold are dropped.
    if (message.startsWith('undefined entity') || message.startsWith('malformed character entity'))
      return;
    const at = `line ${line}, column ${column}`;
    if (message.startsWith('unclosed tag')) reason = 'some tags are never closed.';
    else if (message.startsWith('unexpected close tag'))
      reason = `Expected closing tag '${lastClosed}' (${at}).`;
    else reason = `${message.replace(/\.$/, '')} (${at}).`;
    throw err; // the first error is the one to tell
  });
  try {
    parser.write(xml).close();
  } catch {
    // `reason` holds it.
  }
  return reason;
}

type Outline = Opml.Outline<Date, typeof EXTRA_ATTRIBUTES>;

/**
 * Feed outlines in document order, categories (nested outlines) flattened.
 * The DOCTYPE and any declaration go first (safeXml: one linear scan), so no
 * entity is ever declared, let alone expanded; saxes checks the rest is
 * well-formed, then feedsmith's OPML parser reads it (fast-xml-parser without
 * entity processing; attribute values decoded afterwards: the predefined
 * entities and character references only).
 */
export function parseOpml(xml: string): { entries: OpmlEntry[]; truncated: boolean } {
  const cleaned = safeXml(xml);
  const broken = notWellFormed(cleaned);
  if (broken) throw readError(broken);
  let doc: Opml.Document<Date, typeof EXTRA_ATTRIBUTES>;
  try {
    doc = parseFeedsmithOpml(cleaned, { extraOutlineAttributes: EXTRA_ATTRIBUTES });
  } catch (err) {
    if (err instanceof MalformedError) {
      const reason = err.cause instanceof Error ? err.cause.message : 'malformed XML';
      throw readError(/[.!?]$/.test(reason) ? reason : `${reason}.`);
    }
    doc = {};
  }
  // An empty <body/> is a valid file with nothing in it.
  if (!doc.body && !(/<opml[\s/>]/i.test(cleaned) && /<body[\s/>]/i.test(cleaned)))
    throw readError('it has no <opml> element with a <body>.');

  const entries: OpmlEntry[] = [];
  let truncated = false;
  // Iterative, so a deeply nested file cannot exhaust the stack.
  const stack: Outline[] = (doc.body?.outlines ?? []).toReversed();
  while (stack.length > 0) {
    const node = stack.pop()!;
    const url = node.xmlUrl?.trim();
    if (url !== undefined) {
      if (entries.length >= OPML_MAX_SOURCES) {
        truncated = true;
        break;
      }
      const typeAttr = node.astrodashType;
      // Capped before any pattern runs: a name attribute may be megabytes long.
      const name = (node.text?.trim() || node.title?.trim() || '')
        .slice(0, NAME_MAX * 4)
        .replace(/\s+/g, ' ')
        .slice(0, NAME_MAX)
        .trim();
      entries.push({
        name,
        url,
        type: SOURCE_TYPES.includes(typeAttr as SourceType) ? (typeAttr as SourceType) : null,
      });
    }
    stack.push(...(node.outlines ?? []).toReversed());
  }
  return { entries, truncated };
}

// ---------- import ----------

type Candidate = { name: string; url: string; key: string; sourceType: SourceType };

/** Imports feed outlines as personal sources of the user and reports what happened to each. */
export async function importOpml(
  db: DB,
  config: Config,
  userId: number,
  xml: string,
): Promise<OpmlImportReport> {
  const { entries, truncated } = parseOpml(xml);
  const report: OpmlImportReport = { imported: [], skipped: [], rejected: [] };
  const options = urlRuleOptions(config);
  const candidates: Candidate[] = [];
  const seen = new Set<string>();

  for (const entry of entries) {
    const normalized = normalizeSourceUrl(entry.url);
    if (!normalized) {
      report.rejected.push({
        url: entry.url || undefined,
        name: entry.name || undefined,
        reason: URL_MESSAGES.invalid,
      });
      continue;
    }
    const sourceType = entry.type ?? inferSourceType(normalized);
    const check = checkSourceUrl(normalized, sourceType, options);
    if (!check.ok) {
      report.rejected.push({
        url: normalized,
        name: entry.name || undefined,
        reason: check.message,
      });
      continue;
    }
    const key = urlKey(check.url);
    if (seen.has(key)) {
      report.skipped.push({ url: check.url, reason: 'duplicate' });
      continue;
    }
    seen.add(key);
    candidates.push({
      name: entry.name || new URL(check.url).hostname,
      url: check.url,
      key,
      sourceType,
    });
  }
  if (truncated) {
    report.rejected.push({
      reason: `Only the first ${OPML_MAX_SOURCES} sources of a file are read.`,
    });
  }

  await db.transaction().execute(async (tx) => {
    const keys = candidates.map((c) => c.key);
    await repo.lockUrlKeys(tx, keys);
    const clashes = await repo.findUrlKeyClashes(tx, keys, userId);
    let room = await roomForPersonalSources(tx, userId);
    const fresh = candidates.filter((c) => {
      const clash = clashes.get(c.key);
      if (clash) {
        report.skipped.push({ url: c.url, reason: 'duplicate', detail: duplicateMessage(clash) });
        return false;
      }
      if (room === 0) {
        report.rejected.push({ url: c.url, name: c.name, reason: SOURCE_MESSAGES.tooMany });
        return false;
      }
      room -= 1;
      return true;
    });
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      const batch = fresh.slice(i, i + INSERT_BATCH);
      const ids = await repo.insertSources(
        tx,
        batch.map((c) => ({
          name: c.name,
          url: c.url,
          url_key: c.key,
          source_type: c.sourceType,
          user_id: userId,
        })),
      );
      batch.forEach((c, j) =>
        report.imported.push({
          id: String(ids[j]),
          name: c.name,
          url: c.url,
          sourceType: c.sourceType,
        }),
      );
    }
  });
  return report;
}
