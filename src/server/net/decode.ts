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
  const m = /charset\s*=\s*["']?([\w.:-]+)/i.exec((contentType ?? '').slice(0, 1024));
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

const STANDARD_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
const DECLARATIONS = ['<!doctype', '<!entity', '<!element', '<!attlist', '<!notation'];

/**
 * Where the markup declaration starting at `start` ends (just past its `>`), or
 * the text's length when it never ends. One pass: quoted literals, an internal
 * subset [...] and comments inside it are skipped, so a "]>" or ">" inside an
 * entity value cannot end it early.
 */
function declarationEnd(text: string, start: number): number {
  let quote = '';
  let depth = 0;
  for (let i = start + 2; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === '<' && text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close < 0) return text.length;
      i = close + 2;
    } else if (c === '>' && depth === 0) return i + 1;
  }
  return text.length;
}

/** Index of the next `<!DOCTYPE` / `<!ENTITY` … (any case) at or after `from`, or -1. */
function nextDeclaration(text: string, from: number): number {
  for (let i = text.indexOf('<!', from); i >= 0; i = text.indexOf('<!', i + 2)) {
    if (text.startsWith('<![CDATA[', i)) {
      // CDATA is content (often a whole HTML page with its own <!DOCTYPE html>): leave it.
      const end = text.indexOf(']]>', i + 9);
      if (end < 0) return -1;
      i = end + 1;
      continue;
    }
    const c = text.charCodeAt(i + 2) | 0x20; // lower-cased letter
    if (c !== 0x64 && c !== 0x65 && c !== 0x61 && c !== 0x6e) continue; // d e a n
    const word = text.slice(i, i + 10).toLowerCase();
    if (DECLARATIONS.some((d) => word.startsWith(d))) return i;
  }
  return -1;
}

/** `text` with `fn` applied to everything outside <![CDATA[…]]> sections. */
function outsideCdata(text: string, fn: (part: string) => string): string {
  const parts: string[] = [];
  let from = 0;
  for (let at = text.indexOf('<![CDATA['); at >= 0; at = text.indexOf('<![CDATA[', from)) {
    const end = text.indexOf(']]>', at + 9);
    parts.push(fn(text.slice(from, at)));
    from = end < 0 ? text.length : end + 3;
    parts.push(text.slice(at, from));
  }
  parts.push(fn(text.slice(from)));
  return parts.join('');
}

/**
 * Make XML safe to hand to any parser: the DOCTYPE (with its entity
 * declarations) and any stray declaration are removed before parsing, so no
 * external entity is read and no entity is expanded; references to undeclared
 * entities are escaped so a strict parser does not choke on them. The XML
 * prolog is dropped too: the text is already decoded, and a leftover
 * encoding="ISO-8859-1" only misleads parsers. Linear time: one scan, no
 * backtracking pattern. Fetchers call this before parsing.
 */
export function safeXml(text: string): string {
  let out = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lead = out.length - out.trimStart().length;
  if (out.startsWith('<?xml', lead)) {
    const close = out.indexOf('?>', lead);
    out = close < 0 ? '' : out.slice(close + 2);
  }
  let at = nextDeclaration(out, 0);
  if (at >= 0) {
    const kept: string[] = [];
    let from = 0;
    while (at >= 0) {
      kept.push(out.slice(from, at));
      from = declarationEnd(out, at);
      at = nextDeclaration(out, from);
    }
    kept.push(out.slice(from));
    // Without the DOCTYPE, &custom; references would be undefined: make them literal text.
    out = outsideCdata(kept.join(''), (part) =>
      part.replace(/&([A-Za-z_][\w.-]{0,63});/g, (m, name: string) =>
        STANDARD_ENTITIES.has(name) ? m : `&amp;${name};`,
      ),
    );
  }
  return out.trimStart();
}

/** True when a body looks like an HTML page rather than a feed. */
export function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 1024).trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || /^<head[\s>]/.test(head);
}
