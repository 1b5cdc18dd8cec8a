// OPML 2.0 import and export of a user's personal sources (beyond the spec).
// Parsing is defensive: the DOCTYPE is removed before parsing and entities are
// never expanded by the parser (only the five predefined ones and character
// references are decoded afterwards), so "billion laughs" documents cost nothing.
import { decodeXML, escapeAttribute, escapeText } from 'entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SOURCE_TYPES, type SourceType } from '../../shared/constants';
import { OPML_MAX_CHARS } from '../../shared/schemas';
import type { OpmlImportReport } from '../../shared/types';
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { SourceRow, UserRow } from '../db/tables';
import { badRequest } from '../http/errors';
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
const attr = (v: string) => escapeAttribute(v.replace(INVALID_XML_CHARS, ''));
const text = (v: string) => escapeText(v.replace(INVALID_XML_CHARS, ''));

/** The page a reader would open for a source: the URL itself, except a feed's site. */
function htmlUrlOf(source: SourceRow): string {
  if (source.source_type !== 'rss' && source.source_type !== 'custom') return source.url;
  try {
    return new URL(source.url).origin + '/';
  } catch {
    return source.url;
  }
}

export function renderOpml(sources: SourceRow[], ownerName: string, at = new Date()): string {
  const outlines = sources.map((s) => {
    const typeAttr = s.source_type === 'rss' ? '' : ` astrodashType="${attr(s.source_type)}"`;
    return (
      `    <outline type="rss" text="${attr(s.name)}" title="${attr(s.name)}"` +
      ` xmlUrl="${attr(s.url)}" htmlUrl="${attr(htmlUrlOf(s))}"${typeAttr}/>`
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    '  <head>',
    `    <title>${text(`AstroDash sources of ${ownerName}`)}</title>`,
    `    <dateCreated>${at.toUTCString()}</dateCreated>`,
    `    <ownerName>${text(ownerName)}</ownerName>`,
    '  </head>',
    '  <body>',
    ...outlines,
    '  </body>',
    '</opml>',
    '',
  ].join('\n');
}

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

/** The parser's own words, kept short: some of its messages quote the whole open-tag stack. */
function readError(reason: string) {
  let short = reason.replace(/\s+/g, ' ').trim();
  if (short.startsWith("Invalid '[")) short = 'some tags are never closed.';
  if (short.length > 200) short = `${short.slice(0, 199)}…`;
  return badRequest(`Could not read the OPML file: ${short}`);
}

/** Removes a DOCTYPE, internal subset included, so no entity can ever be declared. */
export function stripDoctype(xml: string): string {
  const start = xml.search(/<!DOCTYPE/i);
  if (start < 0) return xml;
  const gt = xml.indexOf('>', start);
  const bracket = xml.indexOf('[', start);
  let end: number;
  if (bracket >= 0 && (gt < 0 || bracket < gt)) {
    const close = /\]\s*>/g;
    close.lastIndex = bracket;
    const m = close.exec(xml);
    end = m ? m.index + m[0].length : xml.length;
  } else {
    end = gt < 0 ? xml.length : gt + 1;
  }
  return xml.slice(0, start) + xml.slice(end);
}

type Node = Record<string, unknown>;
const ATTRS = '@attrs';

function attrOf(node: Node, name: string): string | undefined {
  const attrs = node[ATTRS] as Record<string, unknown> | undefined;
  if (!attrs) return undefined;
  const key = Object.keys(attrs).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : attrs[key];
  return typeof value === 'string' ? decodeXML(value).trim() : undefined;
}

const children = (node: Node): Node[] =>
  Array.isArray(node.outline)
    ? (node.outline.filter((c) => c && typeof c === 'object') as Node[])
    : [];

/** Feed outlines in document order, categories (nested outlines) flattened. */
export function parseOpml(xml: string): { entries: OpmlEntry[]; truncated: boolean } {
  const cleaned = stripDoctype(xml.replace(/^\uFEFF/, ''));
  const valid = XMLValidator.validate(cleaned, { allowBooleanAttributes: true });
  if (valid !== true)
    throw readError(`${valid.err.msg.replace(/\.$/, '')} (line ${valid.err.line}).`);
  let doc: Node;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      attributesGroupName: ATTRS,
      processEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (name) => name === 'outline',
    }).parse(cleaned) as Node;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw readError(/[.!?]$/.test(reason) ? reason : `${reason}.`);
  }
  const opml = doc.opml as Node | string | undefined;
  // An empty <body/> parses as a string: a valid file with nothing in it.
  const body = opml && typeof opml === 'object' && 'body' in opml ? opml.body : undefined;
  if (body === undefined) throw readError('it has no <opml> element with a <body>.');
  if (typeof body !== 'object' || body === null) return { entries: [], truncated: false };

  const entries: OpmlEntry[] = [];
  let truncated = false;
  // Iterative, so a deeply nested file cannot exhaust the stack.
  const stack: Node[] = children(body as Node).toReversed();
  while (stack.length > 0) {
    const node = stack.pop()!;
    const url = attrOf(node, 'xmlUrl');
    if (url !== undefined) {
      if (entries.length >= OPML_MAX_SOURCES) {
        truncated = true;
        break;
      }
      const typeAttr = attrOf(node, 'astrodashType');
      const name = (attrOf(node, 'text') || attrOf(node, 'title') || '')
        .replace(/\s+/g, ' ')
        .slice(0, NAME_MAX)
        .trim();
      entries.push({
        name,
        url,
        type: SOURCE_TYPES.includes(typeAttr as SourceType) ? (typeAttr as SourceType) : null,
      });
    }
    stack.push(...children(node).toReversed());
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
