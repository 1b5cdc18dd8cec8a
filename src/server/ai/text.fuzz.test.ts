// Sentence splitting, extractive ranking and article extraction on hostile
// input: they never throw or lose words, and input of growing size costs linearly.
import { describe, expect, it } from 'vitest';
import { hostileHtml, hostileText, medianMs } from '../../../test/helpers/text-fuzz';
import { extractArticleText } from './article-text';
import { splitSentences } from './sentences';
import { extractiveSummary } from './textrank';

// Fuzzing: many seeds of hostile input never throw, and 8× the input costs
// about 8× the time (a quadratic step would cost 64×). The bound is a ratio
// with a wide margin, not a wall-clock limit.
describe('linear growth on hostile input', () => {
  it('splits hostile text without losing or inventing words', () => {
    const lost: string[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const text = hostileText(2_000, seed);
      const collapsed = text.replace(/\s+/g, ' ').trim();
      // A sentence cut for length ends in '…'; every other one is verbatim input.
      for (const s of splitSentences(text))
        if (!s.endsWith('…') && !collapsed.includes(s)) lost.push(s);
    }
    expect(lost).toEqual([]);
  });

  it('sentence splitting and ranking grow linearly', () => {
    const small = hostileText(5_000, 7);
    const large = hostileText(40_000, 7);
    extractiveSummary(small, { sentences: 3, maxChars: 700 }); // warm up
    const a = medianMs(() => extractiveSummary(small, { sentences: 3, maxChars: 700 }));
    const b = medianMs(() => extractiveSummary(large, { sentences: 3, maxChars: 700 }));
    expect(b / Math.max(a, 0.5)).toBeLessThan(8 * 4);
  });

  it('article extraction survives hostile HTML and grows linearly', () => {
    for (let seed = 1; seed <= 15; seed++) {
      expect(() => extractArticleText(hostileHtml(5_000, seed))).not.toThrow();
    }
    const small = hostileHtml(20_000, 3);
    const large = hostileHtml(160_000, 3);
    extractArticleText(small); // warm up
    const a = medianMs(() => extractArticleText(small));
    const b = medianMs(() => extractArticleText(large));
    expect(b / Math.max(a, 0.5)).toBeLessThan(8 * 4);
  });
});
