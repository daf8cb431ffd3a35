// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest';
import { renderMarkdown } from '../../web/src/components/rich-text/render-markdown.js';
import { sanitize } from '../../web/src/components/rich-text/sanitize-html.js';
import { renderedHtml, renderToCache, seedRendered } from '../../web/src/components/rich-text/rendered-cache.js';
import { markdownHtml } from '../../functions/domains/exams/markdown-html.js';
import { isSafeImageUrl } from '#shared/domain/rich-text.js';
import { preloadImages } from '../../web/src/components/rich-text/preload-images.js';

/** Renders and parses, so assertions read the DOM the browser would build. */
async function rendered(text: string): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = await renderMarkdown(text);
  return host;
}

const noActiveContent = (host: HTMLElement) => {
  expect(host.querySelectorAll('script, iframe, object, embed, style, form, svg, foreignObject').length).toBe(0);
  for (const element of host.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
      if (['href', 'src', 'xlink:href', 'action', 'formaction'].includes(attribute.name)) {
        expect(attribute.value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
    }
  }
};

describe('the Markdown renderer', () => {
  test('renders the subset: emphasis, lists, tables, links, code', async () => {
    const host = await rendered(
      '**굵게** _기울임_\n\n- 하나\n- 둘\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[문서](https://example.com) `x`',
    );
    expect(host.querySelector('strong')?.textContent).toBe('굵게');
    expect(host.querySelector('em')?.textContent).toBe('기울임');
    expect(host.querySelectorAll('li')).toHaveLength(2);
    expect(host.querySelector('table td')?.textContent).toBe('1');
    const link = host.querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(host.querySelector('code')?.textContent).toBe('x');
  });

  test('highlights a fenced block in a registered language', async () => {
    const host = await rendered('```yaml\nkind: Pod\n```');
    expect(host.querySelector('pre code')?.innerHTML).toContain('hljs-');
  });

  test('renders math with MathML for screen readers', async () => {
    const host = await rendered('신뢰도 $MTTF \\times \\frac{1}{n}$\n\n$$\\sum_{i=1}^n x_i$$');
    expect(host.querySelectorAll('math').length).toBe(2);
    expect(host.querySelector('annotation')?.textContent).toContain('\\frac{1}{n}');
  });

  test('math is MathML the browser draws: block display, upright and stretchy marks kept (D264)', async () => {
    const host = await rendered('$$\\sum_{i=1}^{n} \\mathrm{d}x \\left( \\frac{1}{n} \\right)$$');
    const math = host.querySelector('math')!;
    expect(math.getAttribute('display')).toBe('block');
    expect(host.querySelector('[mathvariant="normal"]')).not.toBeNull();
    expect(host.querySelector('mo[fence="true"]')).not.toBeNull();
    expect(host.querySelector('annotation')?.getAttribute('encoding')).toBe('application/x-tex');
    // No KaTeX HTML twin to style: the page needs neither KaTeX's style sheet nor its fonts.
    expect(host.querySelector('.katex-html')).toBeNull();
    expect(host.querySelector('.katex-block')?.getAttribute('tabindex')).toBe('0');
  });

  test('a MathML link never survives, whatever the attribute list lets through', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitize(
      '<math><mi href="javascript:alert(1)">x</mi><mtext href="data:text/html,x">y</mtext></math>',
    );
    expect(host.querySelector('[href]')).toBeNull();
  });

  test('raw HTML is text, never markup', async () => {
    const host = await rendered('<script>alert(1)</script> <img src=x onerror=alert(1)> <b>x</b>');
    expect(host.querySelector('script, img, b')).toBeNull();
    expect(host.textContent).toContain('<script>alert(1)</script>');
  });

  test.each([
    ['[x](javascript:alert(1))'],
    ['[x](JaVaScRiPt:alert(1))'],
    ['[x](&#106;avascript:alert(1))'],
    ['[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['![x](javascript:alert(1))'],
    ['![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['[x](vbscript:msgbox(1))'],
    ['<svg><script>alert(1)</script></svg>'],
    ['$\\href{javascript:alert(1)}{x}$'],
    ['$\\url{javascript:alert(1)}$'],
    ['$$\\htmlId{x}{y}$$'],
    ['[a](https://ok.example "title\\" onmouseover=alert(1) x=\\"")'],
    ['$$ \\frac{1}{ $$ unbalanced $'],
  ])('neutralises %s', async (text) => {
    noActiveContent(await rendered(text));
  });

  test('10,000 nested lists render without exhausting the stack', async () => {
    const host = await rendered('- '.repeat(10_000) + 'deep');
    // markdown-it stops nesting at maxNesting: the page stays shallow (the deepest text may be dropped).
    expect(host.querySelectorAll('ul').length).toBeLessThanOrEqual(25);
  });

  test('the sanitizer alone strips what markdown-it would never emit', () => {
    const clean = sanitize(
      '<a href="javascript:alert(1)">a</a><img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    );
    const host = document.createElement('div');
    host.innerHTML = clean;
    noActiveContent(host);
    expect(host.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('images load only from our image routes or other https hosts (D350)', () => {
  const REQUESTING = [
    '/api/export-user-data/',
    '/api/daily-exam/',
    '/api/exam/e1/images/i1/../../../../export-user-data/',
    '/api/exam/e1/images/i1/%2e%2e/%2e%2e/daily-exam/',
    '/api/exam/e1/images/i1/?next=/api/daily-exam/',
    'http://images.example.com/a.png',
  ];

  test.each(REQUESTING)('![a](%s) renders no image that loads anything, in the browser or the server', async (src) => {
    for (const html of [await renderMarkdown(`앞 ![a](${src}) 뒤`), sanitize(markdownHtml(`앞 ![a](${src}) 뒤`))]) {
      const host = document.createElement('div');
      host.innerHTML = html;
      expect([...host.querySelectorAll('img')].filter((img) => img.hasAttribute('src'))).toEqual([]);
      expect(host.textContent).toContain('앞 a 뒤');
    }
  });

  test('the sanitizer drops the source of an image a renderer would never emit', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitize(
      `<img src="/api/export-user-data/"><img src="${location.origin}/api/daily-exam/"><img src="/api/file/f1/images/i2/">`,
    );
    expect([...host.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      null,
      null,
      '/api/file/f1/images/i2/',
    ]);
  });

  test('our image routes and https images elsewhere still load', async () => {
    const host = await rendered('![a](/api/exam/e1/images/i1/#640x360) ![b](https://images.example.com/b.png)');
    expect([...host.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/exam/e1/images/i1/#640x360',
      'https://images.example.com/b.png',
    ]);
  });

  test('the early image fetch of server-rendered HTML takes the same rule', () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        fetchPriority = '';
        set src(value: string) {
          fetched.push(value);
        }
      },
    );
    try {
      preloadImages('<img src="/api/export-user-data/"><img src="/api/exam/e1/images/i1/">');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetched).toEqual(['/api/exam/e1/images/i1/']);
  });

  test('an https URL of our own origin must be an image route too', () => {
    const origin = 'https://quizbank.example';
    expect(isSafeImageUrl(`${origin}/api/export-user-data/`, origin)).toBe(false);
    expect(isSafeImageUrl(`${origin}/api/exam/e1/images/i1/#10x10`, origin)).toBe(true);
    expect(isSafeImageUrl(`https://other.example/api/export-user-data/`, origin)).toBe(true);
  });
});

describe('image placeholders (the import preview, D259)', () => {
  async function placeholders(text: string): Promise<HTMLElement> {
    const host = document.createElement('div');
    host.innerHTML = await renderMarkdown(text, { imagePlaceholders: true });
    return host;
  }

  test('an image is a labelled box with its alt text and source, and nothing is loaded', async () => {
    const host = await placeholders(
      '지도: ![서울 지도](https://images.example.com/%EC%84%9C%EC%9A%B8.png) 와 ![flag](anki-media:flag%20big.png)',
    );
    expect(host.querySelector('img')).toBeNull();
    const boxes = [...host.querySelectorAll('.rich-image-placeholder')];
    expect(boxes.map((box) => [box.getAttribute('role'), box.getAttribute('aria-label'), box.textContent])).toEqual([
      ['img', '서울 지도', '서울 지도https://images.example.com/서울.png'],
      ['img', 'flag', 'flagflag big.png'],
    ]);
  });

  test('an image without alt text is labelled by its source; markup in either stays text', async () => {
    const host = await placeholders(
      '![](https://example.com/a.png) ![<b onclick=x>"q"</b>](https://example.com/"><i>.png)',
    );
    const boxes = [...host.querySelectorAll('.rich-image-placeholder')];
    expect(boxes[0]!.getAttribute('aria-label')).toBe('https://example.com/a.png');
    expect(host.querySelector('b, i')).toBeNull();
    noActiveContent(host);
  });

  test('a deck reference outside the preview is no image target, and never becomes a link', async () => {
    expect((await rendered('![flag](anki-media:flag.png)')).querySelector('img')?.getAttribute('src') ?? '').toBe('');
    const link = (await placeholders('[x](anki-media:flag.png)')).querySelector('a');
    expect(link?.getAttribute('href') ?? null).toBeNull();
  });
});

/** A corpus of what questions hold: the parity and XSS texts above and the shapes a learner meets. */
const PARITY_TEXTS = [
  '**굵게** _기울임_\n\n- 하나\n- 둘\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[문서](https://example.com) `x`',
  '신뢰도 $MTTF \\times \\frac{1}{n}$\n\n$$\\sum_{i=1}^n x_i$$',
  '```yaml\napiVersion: v1\nkind: Pod\n```\n\n```text\nno language\n```',
  '수식과 코드 $n=3$\n\n```python\nprint("안녕")\n```',
  '![구성도](/api/exam/e1/images/i1/#640x360) and a line  \nbreak',
  '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))',
  '![내보내기](/api/export-user-data/) ![오늘](/api/daily-exam/)',
  '$$ \\frac{1}{ $$ unbalanced $',
  '- '.repeat(10_000) + 'deep',
];

describe('server-rendered Markdown (D263)', () => {
  test.each(PARITY_TEXTS.map((text) => [text.slice(0, 40), text]))(
    'the exam read renders %s exactly as the browser does, once sanitized',
    async (_name, text) => {
      expect(sanitize(markdownHtml(text))).toBe(await renderMarkdown(text));
    },
  );

  test('seeded HTML is sanitized before any screen sees it, and the renderer is not needed for it', async () => {
    const text = 'seeded **text** $x$';
    await seedRendered([{ text, html: '<p>seeded <strong>text</strong><img src=x onerror="alert(1)"></p>' }]);
    const html = renderedHtml(text)!;
    expect(html).toContain('<strong>text</strong>');
    expect(html).not.toContain('onerror');
    // The cache answers: no renderer is asked for (what was seeded stands, not a fresh rendering).
    expect(await renderToCache(text)).toBe(html);
  });

  test('a text asked for while its seed is under way waits for the seed', async () => {
    const text = 'pending **seed**';
    const seeding = seedRendered([{ text, html: '<p>from the server</p>' }]);
    expect(await renderToCache(text)).toBe('<p>from the server</p>');
    await seeding;
  });
});
