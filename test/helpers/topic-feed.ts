// Real SNAPI articles from the labelled topic set (test/fixtures/topics/) served
// as an RSS feed, so topics are tagged by real ingestion in API and browser tests.
import { readFileSync } from 'node:fs';

export interface LabelledArticle {
  id: string;
  title: string;
  summary: string;
  topics: string[];
}

export const topicFixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/topics/${name}`, import.meta.url), 'utf8'));

export const labelledArticles = (
  topicFixture('labelled-articles.json') as { articles: LabelledArticle[] }
).articles;

/** The labelled articles with these titles, in this order. */
export function articlesTitled(titles: readonly string[]): LabelledArticle[] {
  return titles.map((title) => {
    const article = labelledArticles.find((a) => a.title === title);
    if (!article) throw new Error(`no labelled article "${title}"`);
    return article;
  });
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An RSS 2.0 feed of the articles, an hour apart from `t0` (the last is newest). */
export function rssOf(articles: readonly LabelledArticle[], t0: number): string {
  const items = articles.map(
    (
      a,
      i,
    ) => `<item><title>${escape(a.title)}</title><link>https://news.example.test/${a.id}</link><guid>${a.id}</guid>
<pubDate>${new Date(t0 + i * 3_600_000).toUTCString()}</pubDate><description>${escape(a.summary)}</description></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Space news</title><link>https://news.example.test/</link><description>Real SNAPI articles</description>
${items.join('\n')}
</channel></rss>`;
}
