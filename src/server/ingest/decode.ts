// Bytes → text for feeds and pages, and the XML guard every parser input goes through.

// Per the WHATWG Encoding standard these labels all mean windows-1252. Node's
// TextDecoder (small ICU builds) drops bytes 0x80–0x9F for them, so they are
// decoded here: latin1 plus the windows-1252 table for that range.
const WINDOWS_1252_LABELS = new Set([
  'ansi_x3.4-1968',
  'ascii',
  'cp1252',
  'cp819',
  'csisolatin1',
  'ibm819',
  'iso-8859-1',
  'iso-ir-100',
  'iso8859-1',
  'iso88591',
  'iso_8859-1',
  'iso_8859-1:1987',
  'l1',
  'latin1',
  'us-ascii',
  'windows-1252',
  'x-cp1252',
]);
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return /[\x80-\x9f]/.test(text)
    ? text.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80])
    : text;
}

type Decode = (bytes: Uint8Array) => string;

function decoderFor(label: string | null | undefined): Decode | null {
  if (!label) return null;
  const l = label.trim().toLowerCase();
  if (WINDOWS_1252_LABELS.has(l)) return decodeWindows1252;
  try {
    const decoder = new TextDecoder(l, { fatal: false });
    return (bytes) => decoder.decode(bytes);
  } catch {
    return null;
  }
}

const asciiHead = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 2048)).toString('latin1');

/** The charset parameter of a Content-Type header, if any. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const m = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  return m ? m[1] : null;
}

/** encoding="…" from an XML prolog, or a <meta charset> / http-equiv in an HTML head. */
export function charsetFromDocument(head: string): string | null {
  const prolog = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (prolog) return prolog[1];
  const meta =
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head) ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head);
  return meta ? meta[1] : null;
}

/**
 * Decode a body: a byte-order mark wins, then the HTTP charset, then the XML
 * prolog's encoding, then an HTML meta charset, else UTF-8.
 */
export function decodeBody(bytes: Uint8Array, contentType?: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const fromHeader = decoderFor(charsetFromContentType(contentType));
  if (fromHeader) return fromHeader(bytes);
  const fromDoc = decoderFor(charsetFromDocument(asciiHead(bytes)));
  return fromDoc ? fromDoc(bytes) : new TextDecoder('utf-8').decode(bytes);
}

// <!DOCTYPE …> with an optional internal subset […]. The subset is where
// external entities (XXE) and entity-expansion bombs (billion laughs) live.
const DOCTYPE = /<!DOCTYPE(?:[^[>]*)(?:\[[\s\S]*?\]\s*)?>/gi;
const XML_PROLOG = /^\s*<\?xml[^>]*\?>/;
const STANDARD_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * Make XML safe to hand to any parser: the DOCTYPE (with its entity
 * declarations) is removed before parsing, so no external entity is read and
 * no entity is expanded; references to undeclared entities are escaped so a
 * strict parser does not choke on them. The XML prolog is dropped too: the text
 * is already decoded, and a leftover encoding="ISO-8859-1" only misleads parsers.
 * Fetchers call this before parsing (the pipeline's http client already did
 * the decoding).
 */
export function safeXml(text: string): string {
  let out = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  out = out.replace(XML_PROLOG, '');
  if (out.includes('<!DOCTYPE') || out.includes('<!doctype')) {
    out = out.replace(DOCTYPE, '');
    // A subset that fooled the pattern (a "]>" inside an entity value) leaves
    // declarations behind: drop any that remain, and any unterminated DOCTYPE.
    out = out
      .replace(/<!(?:ENTITY|ELEMENT|ATTLIST|NOTATION)\b[^>]*>/gi, '')
      .replace(/<!DOCTYPE\b[^>]*>?/gi, '');
    // Without the DOCTYPE, &custom; references would be undefined: make them literal text.
    out = out.replace(/&([A-Za-z_][\w.-]*);/g, (m, name: string) =>
      STANDARD_ENTITIES.has(name) ? m : `&amp;${name};`,
    );
  }
  return out.trimStart();
}

/** True when a body looks like an HTML page rather than a feed. */
export function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 1024).trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || /^<head[\s>]/.test(head);
}
