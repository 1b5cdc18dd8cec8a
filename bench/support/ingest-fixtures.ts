// Real-shaped feed bodies for the ingestion benches, built from the recorded
// NASA and Google News item shapes (test/fixtures/recorded).
const NASA_ITEM = (
  i: number,
  host = 'www.nasa.gov',
) => ` <item> <title>NASA’s Webb Telescope Reaches Milestone ${i} as Mirror Unfolds &amp; Cools</title>
 <link>http://${host}/press-release/webb-telescope-milestone-${i}</link>
 <description>NASA’s James Webb Space Telescope team fully deployed its 21-foot, gold-coated primary mirror (step ${i}), successfully completing the final stage of all major spacecraft deployments to prepare for &lt;b&gt;science operations&lt;/b&gt;.</description>
 <enclosure url="http://${host}/sites/default/files/thumbnails/image/webb_${i}.png?itok=KJp4XyCq" length="1677661" type="image/png" />
 <guid isPermaLink="false">http://${host}/press-release/webb-telescope-milestone-${i}</guid>
 <pubDate>Sat, 08 Jan 2022 12:${String(i % 60).padStart(2, '0')} EST</pubDate>
 <source url="http://${host}/rss/dyn/breaking_news.rss">NASA Breaking News</source>
 <dc:identifier>${476502 + i}</dc:identifier>
</item>
`;

const GOOGLE_ITEM = (
  i: number,
) => `<item><title>Astronomers spot a new exoplanet candidate ${i} - Space.com</title><link>https://news.google.com/rss/articles/CBMiV2h0dHBzOi8vd3d3LnNwYWNlLmNvbS9leG9wbGFuZXQtY2FuZGlkYXRlLSR7aX3SAQA${i}?oc=5</link><guid isPermaLink="false">CBMiV2h0dHBzOi8vd3d3LnNwYWNlLmNvbS9leG9wbGFuZXQ${i}</guid><pubDate>Mon, 14 Jul 2026 ${String(i % 24).padStart(2, '0')}:15:00 GMT</pubDate><description>&lt;a href="https://news.google.com/rss/articles/CBMi${i}?oc=5" target="_blank"&gt;Astronomers spot a new exoplanet candidate ${i}&lt;/a&gt;&amp;nbsp;&amp;nbsp;&lt;font color="#6f6f6f"&gt;Space.com&lt;/font&gt;</description><source url="https://www.space.com">Space.com</source></item>
`;

const HEAD = `<?xml version="1.0" encoding="utf-8" ?> <rss version="2.0" xml:base="http://www.nasa.gov/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"> <channel> <title>NASA Breaking News</title>
 <description>A RSS news feed containing the latest NASA news articles and press releases.</description>
 <link>http://www.nasa.gov/</link>
 <language>en-us</language>
`;

/** An RSS 2.0 document with `count` items alternating NASA and Google News shapes. */
export function bigFeed(count: number, offset = 0, host?: string): string {
  const parts = [HEAD];
  for (let i = offset; i < offset + count; i++)
    parts.push(i % 2 === 0 ? NASA_ITEM(i, host) : GOOGLE_ITEM(i));
  parts.push('</channel></rss>\n');
  return parts.join('');
}

const WORDS =
  'the telescope observed a faint galaxy cluster beyond the nebula while engineers tested mirror segments and mission controllers planned the next orbital manoeuvre for the lunar lander'.split(
    ' ',
  );

/** 1–2 KB of article HTML (paragraphs, links, emphasis, an image, a list), varied by `i`. */
export function articleHtml(i: number): string {
  const words = (n: number, from: number) =>
    Array.from({ length: n }, (_, k) => WORDS[(from + k * 7) % WORDS.length]).join(' ');
  const paragraphs = 2 + (i % 3);
  const parts = [
    `<figure><img src="https://images.example.org/${i}.jpg" alt="Image ${i}" width="800" height="450"><figcaption>${words(8, i)}</figcaption></figure>`,
  ];
  for (let p = 0; p < paragraphs; p++)
    parts.push(
      `<p>${words(12, i + p)} <a href="https://www.example.org/story/${i}/${p}" rel="noopener">${words(3, p)}</a> <em>${words(5, i * p)}</em>, ${words(10, p)}.</p>`,
    );
  parts.push(`<ul><li>${words(6, i)}</li><li>${words(6, i + 1)}</li></ul>`);
  return parts.join('\n');
}

/** Like bigFeed, with 1–2 KB of article HTML in each item (content:encoded), as real feeds carry. */
export function richFeed(count: number, offset = 0, host?: string): string {
  const parts = [
    HEAD.replace(
      '<rss version="2.0"',
      '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"',
    ),
  ];
  for (let i = offset; i < offset + count; i++) {
    const item = i % 2 === 0 ? NASA_ITEM(i, host) : GOOGLE_ITEM(i);
    const close = item.lastIndexOf('</item>');
    parts.push(
      `${item.slice(0, close)}<content:encoded><![CDATA[${articleHtml(i)}]]></content:encoded></item>\n`,
    );
  }
  parts.push('</channel></rss>\n');
  return parts.join('');
}
