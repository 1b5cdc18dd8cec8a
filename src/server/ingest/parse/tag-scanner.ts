// A stackless front end to htmlparser2's Tokenizer. htmlparser2's Parser keeps
// its open-element stack with unshift/indexOf, so a document of N unclosed tags
// costs O(N²) (1 MB of "<item>" took seconds); the Tokenizer is a linear state
// machine. This scanner reports tags, attributes and text straight from it and
// leaves nesting to the caller (who, where it matters, keeps a push/pop stack).
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

export interface ScanHandlers {
  onopentagname?(name: string): void;
  onopentag?(name: string, attribs: Record<string, string>): void;
  /** End tags, and self-closing tags (`<link/>`) right after their open tag. */
  onclosetag?(name: string): void;
  /** Text with entities decoded (when decodeEntities); CDATA content too in xmlMode. */
  ontext?(text: string): void;
}

export interface ScanOptions {
  xmlMode?: boolean;
  decodeEntities?: boolean;
}

/** Scans `text` once; a handler may stop it early with `stop()`. Tag names are lower-cased outside xmlMode. */
export function scanMarkup(
  text: string,
  handlers: ScanHandlers,
  options: ScanOptions = {},
): { stopped: boolean } {
  const xml = options.xmlMode ?? false;
  const lower = (s: string) => (xml ? s : s.toLowerCase());
  let tagName = '';
  let attribs: Record<string, string> = {};
  let attribName = '';
  let attribValue = '';
  const state = { stopped: false };
  const callbacks: TokenizerCallbacks = {
    onattribdata(start, end) {
      attribValue += text.slice(start, end);
    },
    onattribentity(cp) {
      attribValue += String.fromCodePoint(cp);
    },
    onattribend() {
      if (!(attribName in attribs)) attribs[attribName] = attribValue;
      attribValue = '';
    },
    onattribname(start, end) {
      attribName = lower(text.slice(start, end));
      attribValue = '';
    },
    oncdata(start, end, offset) {
      // HTML has no CDATA outside foreign content: there it is a bogus comment.
      if (xml) handlers.ontext?.(text.slice(start, end - offset));
    },
    onclosetag(start, end) {
      handlers.onclosetag?.(lower(text.slice(start, end)));
    },
    oncomment() {},
    ondeclaration() {},
    onend() {},
    onopentagend() {
      handlers.onopentag?.(tagName, attribs);
    },
    onopentagname(start, end) {
      tagName = lower(text.slice(start, end));
      attribs = {};
      handlers.onopentagname?.(tagName);
    },
    onprocessinginstruction() {},
    onselfclosingtag() {
      handlers.onopentag?.(tagName, attribs);
      handlers.onclosetag?.(tagName);
    },
    ontext(start, end) {
      handlers.ontext?.(text.slice(start, end));
    },
    ontextentity(cp) {
      handlers.ontext?.(String.fromCodePoint(cp));
    },
  };
  const tokenizer = new Tokenizer(
    { xmlMode: xml, decodeEntities: options.decodeEntities ?? true },
    callbacks,
  );
  stopper = () => {
    state.stopped = true;
    tokenizer.pause();
  };
  try {
    tokenizer.write(text);
    if (!state.stopped) tokenizer.end();
  } finally {
    stopper = noop;
  }
  return state;
}

const noop = () => {};
let stopper: () => void = noop;

/** Stops the scan in progress (call from a handler). */
export function stop(): void {
  stopper();
}
