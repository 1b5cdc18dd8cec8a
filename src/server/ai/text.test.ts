// Sentence splitting, extractive ranking and article extraction: what they keep
// (hostile input and its growth: text.fuzz.test.ts).
import { describe, expect, it } from 'vitest';
import { extractArticleText } from './article-text';
import { capText, MAX_SPLIT_CHARS, splitSentences } from './sentences';
import { extractiveSummary, rankSentences } from './textrank';

describe('splitSentences', () => {
  it('does not cut at abbreviations, initials or decimals', () => {
    expect(
      splitSentences(
        'Dr. Smith of the U.S. space agency said the probe moved 3.5 km. It worked! Did it? Mr. Jones agreed.',
      ),
    ).toEqual([
      'Dr. Smith of the U.S. space agency said the probe moved 3.5 km.',
      'It worked!',
      'Did it?',
      'Mr. Jones agreed.',
    ]);
  });

  it('collapses whitespace and skips empty text', () => {
    expect(splitSentences('  One   line.\n\nTwo\tlines.  ')).toEqual(['One line.', 'Two lines.']);
    expect(splitSentences('   ')).toEqual([]);
  });

  it('caps very long input and very long sentences', () => {
    const text = 'word '.repeat(MAX_SPLIT_CHARS);
    const sentences = splitSentences(text);
    expect(sentences.join(' ').length).toBeLessThanOrEqual(MAX_SPLIT_CHARS);
    for (const s of sentences) expect(s.length).toBeLessThanOrEqual(601);
  });

  it('capText cuts at a space before the limit', () => {
    expect(capText('alpha beta gamma', 12)).toBe('alpha beta');
    expect(capText('short', 12)).toBe('short');
  });
});

describe('extractive summaries', () => {
  const article = [
    'The James Webb Space Telescope has found carbon dioxide in the atmosphere of an exoplanet.',
    'The planet, WASP-39 b, is a hot gas giant orbiting a star 700 light-years away.',
    'Lunch at the cafeteria was pasta on Tuesday.',
    'Webb measured the carbon dioxide with its Near-Infrared Spectrograph.',
    'Scientists say Webb can now study the atmospheres of smaller exoplanets.',
    'The parking lot was repainted last spring.',
  ].join(' ');

  it('keeps the central sentences, in the article order', () => {
    const summary = extractiveSummary(article, { sentences: 3, maxChars: 1000 });
    expect(summary.startsWith('The James Webb Space Telescope has found carbon dioxide')).toBe(
      true,
    );
    expect(summary).not.toContain('cafeteria');
    expect(summary).not.toContain('parking');
    const order = ['carbon dioxide in the atmosphere', 'Near-Infrared', 'smaller exoplanets'].map(
      (s) => summary.indexOf(s),
    );
    expect(order.filter((i) => i >= 0)).toEqual(
      order.filter((i) => i >= 0).toSorted((a, b) => a - b),
    );
  });

  it('returns short text whole and respects the character budget', () => {
    expect(extractiveSummary('One sentence only.', { sentences: 3, maxChars: 100 })).toBe(
      'One sentence only.',
    );
    const summary = extractiveSummary(article, { sentences: 3, maxChars: 120 });
    expect(summary.length).toBeLessThanOrEqual(200);
    expect(summary.length).toBeGreaterThan(0);
  });

  it('skips sentences the reader already sees in the preview, keeping one cut by it', () => {
    const preview = article.slice(0, 200);
    const summary = extractiveSummary(article, { sentences: 3, maxChars: 1000, shown: preview });
    expect(summary).not.toContain('The James Webb Space Telescope has found carbon dioxide');
    expect(summary).toContain('Near-Infrared Spectrograph');
    // The preview cuts the third sentence: shown in part, so it is not skipped for that.
    expect(preview).not.toContain('Lunch at the cafeteria was pasta on Tuesday.');
    const lead = extractiveSummary(article, {
      sentences: 2,
      maxChars: 1000,
      keepLead: true,
      shown: preview.replace(/ +/g, '   '),
    });
    expect(lead.startsWith('Lunch at the cafeteria')).toBe(true); // the first sentence not shown
    // All of it shown: the whole extract rather than nothing.
    expect(
      extractiveSummary('One sentence. Two sentences.', {
        sentences: 3,
        maxChars: 100,
        shown: 'One sentence. Two sentences.',
      }),
    ).toBe('One sentence. Two sentences.');
  });

  it('ranks every sentence with a finite score', () => {
    const scores = rankSentences(splitSentences(article));
    expect(scores).toHaveLength(6);
    for (const s of scores) expect(Number.isFinite(s)).toBe(true);
  });
});

describe('extractArticleText', () => {
  it('reads the article, not the navigation or footer', () => {
    const html = `<html><body><nav>Home News Shop</nav><article><h1>Webb</h1>
      <p>${'The telescope found carbon dioxide on a distant planet, a first for science. '.repeat(4)}</p>
      <p>${'Astronomers will now turn Webb to smaller, rocky worlds in the coming years. '.repeat(4)}</p>
      </article><footer>Copyright 2026 Example Corp</footer></body></html>`;
    const text = extractArticleText(html);
    expect(text).toContain('carbon dioxide on a distant planet');
    expect(text).not.toContain('Copyright');
  });

  it('answers null for a page without an article', () => {
    expect(extractArticleText('<html><body><p>Hi</p></body></html>')).toBeNull();
  });
});
