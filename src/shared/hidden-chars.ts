// Characters that hide or reorder text in other people's views and logs. One
// definition for names users type (refused, schemas.ts) and for text that
// arrives from feeds (stripped at ingestion, server/ingest/sanitize.ts).
//
// The bidirectional embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069) change the order in which the text after them is displayed,
// up to the end of the paragraph: "‮txt.exe" reads as "exe.txt". The marks
// U+200E/U+200F (and U+061C) are kept: they only set the direction of the
// neutral characters beside them, cannot reverse letters, and Arabic and Hebrew
// text needs them to place punctuation and numbers correctly.

/** An embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069), by UTF-16 code unit. */
export const isBidiControl = (c: number): boolean =>
  (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);

const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** The same characters written as numeric character references, for markup. */
const BIDI_REFERENCES =
  /&#(?:x0*(?:202[a-e]|206[6-9])(?![\da-f])|0*(?:823[4-8]|829[4-7])(?!\d));?/gi;

/** Text without embedding, override and isolate controls. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** HTML without them, as characters or as character references (&#x202E;, &#8238;). */
export function stripBidiControlsFromHtml(html: string): string {
  const text = stripBidiControls(html);
  return text.includes('&#') ? text.replace(BIDI_REFERENCES, '') : text;
}
