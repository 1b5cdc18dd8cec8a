// XML Base (xml:base) for Atom: relative references resolve against the base
// in scope at the element that holds them (RFC 3986 §5 with XML Base: each
// xml:base itself resolves against its parent's base, the document's URL at
// the root). feedsmith drops xml:base, so one htmlparser2 pass (linear) records
// the base in scope at each entry's <link>s, <content> and <summary>.
import { scanMarkup } from '../parse/tag-scanner';

export interface EntryBases {
  /** Base in scope at each <link> child of the entry, in document order. */
  links: string[];
  /** Base in scope at <content> (else <summary>): for relative URLs in its HTML. */
  content: string | null;
}

export interface AtomBases {
  /** Base in scope at each <link> child of <feed>. */
  feedLinks: string[];
  entries: EntryBases[];
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

function resolve(ref: string, base: string): string {
  try {
    return new URL(ref.trim(), base).href;
  } catch {
    return base;
  }
}

/** The bases in scope in an Atom document, or null when it declares no xml:base. */
export function atomBases(xml: string, documentUrl: string): AtomBases | null {
  if (!xml.includes('xml:base')) return null;
  const result: AtomBases = { feedLinks: [], entries: [] };
  const bases: string[] = [];
  const names: string[] = [];
  let entry: EntryBases | null = null;
  let summaryBase: string | null = null;
  scanMarkup(
    xml,
    {
      onopentag(name, attribs) {
        const parent = names.at(-1);
        const inherited = bases.at(-1) ?? documentUrl;
        const own = attribs['xml:base'];
        const base = own === undefined ? inherited : resolve(own, inherited);
        const local = localName(name);
        if (local === 'entry' && !entry) {
          entry = { links: [], content: null };
          summaryBase = null;
        } else if (parent === 'entry' && entry) {
          if (local === 'link') entry.links.push(base);
          else if (local === 'content') entry.content = base;
          else if (local === 'summary') summaryBase = base;
        } else if (parent === 'feed' && local === 'link') result.feedLinks.push(base);
        bases.push(base);
        names.push(local);
      },
      onclosetag() {
        bases.pop();
        const local = names.pop();
        if (local === 'entry' && entry) {
          entry.content ??= summaryBase;
          result.entries.push(entry);
          entry = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  return result;
}
