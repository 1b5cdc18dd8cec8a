// Tag precision and recall on real articles labelled by hand
// (test/fixtures/topics/README.md says how the set was made). Printed on every run.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { topicSlugsOf } from './tagging';

interface Labelled {
  id: string;
  title: string;
  summary: string;
  topics: string[];
}

const { articles } = JSON.parse(
  readFileSync(
    new URL('../../../test/fixtures/topics/labelled-articles.json', import.meta.url),
    'utf8',
  ),
) as { articles: Labelled[] };

describe('topic tagging on labelled real articles', () => {
  it('tags with precision ≥ 0.90 and recall ≥ 0.80 over at least 200 articles', () => {
    expect(articles.length).toBeGreaterThanOrEqual(200);
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    const misses: string[] = [];
    for (const article of articles) {
      // The summary as ingestion stores it: plain text.
      const got = new Set(topicSlugsOf({ title: article.title, summaryText: article.summary }));
      const want = new Set(article.topics);
      for (const slug of got) {
        if (want.has(slug)) truePositives++;
        else {
          falsePositives++;
          misses.push(`${article.id} +${slug}`);
        }
      }
      for (const slug of want) {
        if (!got.has(slug)) {
          falseNegatives++;
          misses.push(`${article.id} -${slug}`);
        }
      }
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `topic tagging: ${articles.length} articles, ${truePositives + falseNegatives} labelled topics; ` +
        `precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(${falsePositives} wrong, ${falseNegatives} missed: ${misses.join(', ')})`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.8);
  });
});
