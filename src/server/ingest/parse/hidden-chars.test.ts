// Feed text loses text-direction overrides and isolates at ingestion, as names
// refuse them (src/shared/hidden-chars.ts): titles, summaries, content, authors,
// launch details and the title look-up that fills a new source's name.
import { describe, expect, it } from 'vitest';
import {
  isBidiControl,
  stripBidiControls,
  stripBidiControlsFromHtml,
} from '../../../shared/hidden-chars';
import { hasUnsafeNameChars } from '../../../shared/schemas';
import { titleFromText } from '../fetchers/extract-title';
import { normalizeItem } from './normalize';

const CONTROLS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const HIDDEN = /[\u202a-\u202e\u2066-\u2069]|&#x0*20(2[a-e]|6[6-9]);?|&#0*82(3[4-8]|9[4-7]);?/i;

describe('the shared definition', () => {
  it.each(CONTROLS)('names U+%s a bidi control and refuses it in names', (ch) => {
    expect(isBidiControl(ch.charCodeAt(0))).toBe(true);
    expect(hasUnsafeNameChars(`a${ch}b`)).toBe(true);
    expect(stripBidiControls(`a${ch}b`)).toBe('ab');
  });

  it.each([
    ['left-to-right mark', '\u200e'],
    ['right-to-left mark', '\u200f'],
    ['Arabic letter mark', '\u061c'],
    ['Hebrew', 'שלום'],
    ['Arabic', 'مرحبا'],
  ])('keeps the %s', (_name, text) => {
    expect(stripBidiControls(`(${text})`)).toBe(`(${text})`);
    expect(hasUnsafeNameChars(text)).toBe(false);
  });

  it.each([
    ['&#x202E;', ''],
    ['&#x202e', ''],
    ['&#x0000202e;', ''],
    ['&#8238;', ''],
    ['&#08297;', ''],
    ['&#x2069;x', 'x'],
    ['&#x200F;', '&#x200F;'], // a mark: kept
    ['&#x2020;', '&#x2020;'], // a dagger
    ['&#82380;', '&#82380;'], // another character that starts the same
    ['&#x202ef;', '&#x202ef;'],
    ['&amp;#8238;', '&amp;#8238;'], // text that shows "&#8238;"
  ])('reads %s in markup as %j', (html, out) => {
    expect(stripBidiControlsFromHtml(html)).toBe(out);
  });
});

describe('ingestion', () => {
  const ctx = { sourceType: 'rss' as const, baseUrl: 'https://example.org/feed.xml', now: 0 };

  it('strips them from every text field of an item, raw or as references', () => {
    const item = normalizeItem(
      {
        guid: 'g',
        url: 'https://example.org/1',
        title: 'Invoice \u202egpj.exe and &#x2066;isolated&#x2069; &#8238;text',
        summaryHtml:
          '<p>Look \u202eright&#x202D; and <b>\u2067left&#8297;</b> <img src="https://x.org/a.png" alt="\u202ealt"></p>',
        contentHtml: '<div><p>Body \u202e&#x202e;reversed</p><p>\u2068isolate\u2069</p></div>',
        author: 'Jane \u202eDoe&#x202e;',
        extra: { provider: 'Space\u202eX', pad: 'LC-39A \u2066\u2069' },
      },
      ctx,
    );
    expect(item).not.toBeNull();
    const fields = [
      item!.title,
      item!.summary,
      item!.summaryText,
      item!.content ?? '',
      item!.contentText ?? '',
      item!.author ?? '',
      item!.extra ?? '',
    ];
    for (const field of fields) expect(field).not.toMatch(HIDDEN);
    expect(item!.title).toBe('Invoice gpj.exe and isolated text');
    expect(item!.author).toBe('Jane Doe');
    expect(item!.summaryText).toBe('Look right and left');
    expect(JSON.parse(item!.extra!)).toEqual({ provider: 'SpaceX', pad: 'LC-39A ' });
  });

  it('keeps right-to-left text and its marks', () => {
    const item = normalizeItem(
      { guid: 'g', url: 'https://example.org/2', title: 'ناسا\u200f (NASA)', author: 'דנה\u200e' },
      ctx,
    );
    expect(item?.title).toBe('ناسا\u200f (NASA)');
    expect(item?.author).toBe('דנה\u200e');
  });

  it('strips them from the title a look-up offers as the source name', () => {
    expect(titleFromText('<rss><channel><title>NASA \u202eswen</title></channel></rss>')).toBe(
      'NASA swen',
    );
    expect(titleFromText('<html><head><title>&#x202E;Sky</title></head></html>')).toBe('Sky');
    expect(
      titleFromText('{"version":"https://jsonfeed.org/version/1.1","title":"\\u2066Astro\\u2069"}'),
    ).toBe('Astro');
  });
});
