import { describe, expect, it } from 'vitest';
import { firstImage, htmlToText, sanitizeHtml, sanitizedToText } from './sanitize';

const BASE = 'https://example.org/news/';

describe('sanitizeHtml on hostile HTML', () => {
  it.each([
    ['script element', '<p>a<script>alert(1)</script>b</p>', /<script|alert/i],
    ['event handler', '<img src="https://x.org/a.png" onerror="alert(1)">', /onerror/i],
    ['click handler', '<p onclick="steal()">x</p>', /onclick|steal/i],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['JavaScript: with entities', '<a href="jav&#x61;script:alert(1)">x</a>', /script:|alert/i],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', /vbscript/i],
    ['data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/i],
    ['svg data image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', /data:image\/svg/i],
    ['foreign iframe', '<iframe src="https://evil.example/"></iframe>', /iframe|evil/i],
    [
      'youtube look-alike iframe',
      '<iframe src="https://www.youtube.com.evil.example/embed/abcdefghijk"></iframe>',
      /iframe/i,
    ],
    [
      'youtube non-embed iframe',
      '<iframe src="https://www.youtube.com/watch?v=abcdefghijk"></iframe>',
      /iframe/i,
    ],
    [
      'style attribute with expression',
      '<div style="width: expression(alert(1))">x</div>',
      /style|expression/i,
    ],
    [
      'style element',
      '<style>body{background:url(javascript:alert(1))}</style><p>x</p>',
      /style|javascript/i,
    ],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg>', /svg|onload|alert/i],
    [
      'meta refresh',
      '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
      /meta|refresh|evil/i,
    ],
    [
      'form with action',
      '<form action="https://evil.example/"><input name="q"><button>go</button></form>',
      /form|action|input|evil/i,
    ],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', /object|embed|swf/i],
    ['base tag', '<base href="https://evil.example/"><a href="/a">a</a>', /<base|evil/i],
    ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">', /link|evil/i],
  ])('removes %s', (_name, html, forbidden) => {
    expect(sanitizeHtml(html, BASE)).not.toMatch(forbidden);
  });

  it('keeps YouTube and youtube-nocookie embeds', () => {
    const out = sanitizeHtml(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5"></iframe>',
    );
    expect(out).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5"');
  });

  it('keeps no permission delegation on embeds but playing ones', () => {
    const embed = (allow: string) =>
      sanitizeHtml(
        `<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allow="${allow}"></iframe>`,
      );
    expect(embed('camera; microphone; geolocation; clipboard-read')).toBe(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
    );
    expect(
      embed(
        "accelerometer; AUTOPLAY; clipboard-write; encrypted-media *; gyroscope; picture-in-picture 'self' https://evil.example; web-share; fullscreen; camera",
      ),
    ).toBe(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allow="autoplay; encrypted-media; picture-in-picture; fullscreen"></iframe>',
    );
    expect(embed('camera *;;microphone https://www.youtube.com')).not.toMatch(
      /allow|camera|microphone/,
    );
    expect(embed('usb; payment; display-capture; serial; hid')).not.toMatch(/allow=/);
  });

  it('makes links absolute and opens them safely', () => {
    expect(sanitizeHtml('<a href="../about">About</a>', BASE)).toBe(
      '<a rel="noopener noreferrer" target="_blank" href="https://example.org/about">About</a>',
    );
    expect(sanitizeHtml('<a href="https://x.org/" target="_self" rel="opener">x</a>')).toBe(
      '<a rel="noopener noreferrer" target="_blank" href="https://x.org/">x</a>',
    );
  });

  it('resolves relative images and keeps raster data: images', () => {
    expect(sanitizeHtml('<img src="pic.jpg" alt="M31">', BASE)).toBe(
      '<img src="https://example.org/news/pic.jpg" alt="M31" loading="lazy" />',
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toContain(
      'src="data:image/png;base64,iVBORw0KGgo="',
    );
  });

  it('takes the fast path only for attribute-less allow-listed tags', () => {
    expect(sanitizeHtml('<p>Plain <b>bold</b> &amp; <em>em</em><br/></p>')).toBe(
      '<p>Plain <b>bold</b> &amp; <em>em</em><br/></p>',
    );
    expect(sanitizeHtml('<p>x</p><p onclick="a()">y</p>')).toBe('<p>x</p><p>y</p>');
    expect(sanitizeHtml('<b>x</b><script>alert(1)</script>')).toBe('<b>x</b>');
    expect(sanitizeHtml('a < b <b>c</b>')).not.toContain('< b <b>');
  });

  it('keeps ordinary article markup', () => {
    const html =
      '<p>The <strong>James Webb</strong> telescope <em>saw</em>:</p><ul><li>one</li></ul><blockquote>q</blockquote>';
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe('htmlToText', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', 'Hello world'],
    ['<p>One</p><p>Two</p>', 'One Two'],
    ['Line<br>break', 'Line break'],
    ['Fish &amp; Chips &#8217; &hellip;', 'Fish & Chips ’ …'],
    ['Double &amp;amp; escaped &amp;#8217;', 'Double & escaped ’'],
    ['&lt;p&gt;Escaped &lt;b&gt;markup&lt;/b&gt;&lt;/p&gt;', 'Escaped markup'],
    ['<![CDATA[x]]> <script>alert(1)</script>tail', 'tail'],
    ['  lots \n\t of   space\u00a0here ', 'lots of space here'],
    ['a < b and c > d', 'a < b and c > d'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(htmlToText(input)).toBe(expected.replace('<![CDATA[x]]> ', ''));
  });
});

describe('sanitizedToText', () => {
  it('reads the same text as htmlToText from sanitised HTML', () => {
    for (const html of [
      '<p>The <strong>Webb</strong> telescope &amp; friends</p><p>Second <a href="https://x.org/?a=1&amp;b=2" title="a &gt; b">link</a></p>',
      '<img src="https://x.org/a.png" alt="a > b" /> caption',
      'Fish &amp;amp; chips',
      '<script>alert(1)</script><style>x</style><p>kept</p>',
    ]) {
      const safe = sanitizeHtml(html);
      expect(sanitizedToText(safe)).toBe(htmlToText(safe));
    }
  });
});

describe('firstImage', () => {
  it('finds the first image, resolved, http(s) only', () => {
    expect(
      firstImage('<p>x</p><img alt="a" src="/a.jpg"><img src="b.jpg">', 'https://example.org/p/'),
    ).toBe('https://example.org/a.jpg');
    expect(firstImage("<img src='https://cdn.org/x.png?a=1&amp;b=2'>")).toBe(
      'https://cdn.org/x.png?a=1&b=2',
    );
    expect(firstImage('<img src="javascript:alert(1)">')).toBeNull();
    expect(firstImage('no images')).toBeNull();
  });

  it('keeps a safe inline data: image (the card shows it), never a scripted one', () => {
    const dot = 'data:image/png;base64,iVBORw0KGgo=';
    expect(firstImage(`<img src="${dot}">`)).toBe(dot);
    expect(firstImage('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBeNull();
    expect(firstImage('<img src="data:text/html,<script>x</script>">')).toBeNull();
  });
});
