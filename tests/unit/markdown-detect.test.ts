import fc from 'fast-check';
import type { Token } from 'markdown-it';
import { describe, expect, test } from 'vitest';
import { createMarkdown } from '#markdown/markdown.js';
import { addMath } from '#markdown/math.js';
import { escapeMarkdown, isEscapedPlain, looksLikeMarkdown } from '#shared/domain/markdown-detect.js';
import { questionTextFormat } from '#shared/domain/question-sheet.js';
import { plainText } from '#shared/domain/rich-text.js';

/** The renderer the web and the exam read use, math included. */
const md = createMarkdown();
addMath(md);

/**
 * What a reader sees of a Markdown text when it is only paragraphs of text: its lines, trimmed, one
 * blank line between paragraphs. Null when anything else (emphasis, code, math, a list…) was made.
 */
function shownLines(text: string): string | null {
  const paragraphs: string[] = [];
  for (const token of md.parse(text, {})) {
    if (token.type === 'paragraph_open' || token.type === 'paragraph_close') continue;
    if (token.type !== 'inline') return null;
    let line = '';
    for (const child of token.children ?? ([] as Token[])) {
      if (child.type === 'text') line += child.content;
      else if (child.type === 'softbreak' || child.type === 'hardbreak') line += '\n';
      else return null;
    }
    paragraphs.push(line);
  }
  return paragraphs.join('\n\n');
}

/** Plain text as a reader sees it: lines trimmed, blank lines collapsed (Markdown and plain text agree on the rest). */
const asShown = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{2,}/g, '\n\n')
    .trim();

// Plain text full of what looks like Markdown but is not: stars, underscores, prices, C#, emoticons.
const plainPiece = fc.constantFrom(
  '2*3 = 6',
  '*중요*',
  '**필수**',
  'snake_case',
  '__init__',
  '_기울임_',
  '$5 and $10',
  '가격은 $5, 할인가 $3',
  'US$20',
  'C#',
  'F#',
  '#1',
  ':)',
  ';-)',
  '^_^',
  '^^',
  'x_1',
  'a^2',
  '<tag>',
  'a < b > c',
  '[참고]',
  '(괄호)',
  '!!',
  'a|b',
  '~약~',
  '100%',
  'R&D',
  '&amp;',
  '\\n',
  'C:\\Users',
  '`',
  '1. 첫째',
  '- 항목',
  '> 인용',
  '# 제목',
  '+1',
  '===',
  '---',
  'e-mail',
);
const word = fc.constantFrom(
  'Kubernetes',
  'pod',
  'What',
  'is',
  'the',
  'answer?',
  '다음',
  '중',
  '옳은',
  '것은?',
  '트랜잭션',
  '격리',
  '수준',
  'KIA',
  '타이거즈',
);
const plainLine = fc
  .tuple(word, fc.array(fc.oneof(word, plainPiece), { minLength: 0, maxLength: 6 }), fc.boolean())
  .map(([first, rest, symbolFirst]) => (symbolFirst && rest.length ? [...rest, first] : [first, ...rest]).join(' '));
const plainText_ = fc
  .array(fc.tuple(plainLine, fc.constantFrom('\n', '\n\n', '\n  ')), { minLength: 1, maxLength: 4 })
  .map((lines) =>
    lines
      .map(([line, sep]) => line + sep)
      .join('')
      .trim(),
  );

// Markdown-only content, set in a Korean or English sentence.
const markdownOnly = fc.constantFrom(
  '$\\frac{1}{2}$',
  '$x^2 + y^2 = r^2$',
  '$a_{ij}$',
  '$3 \\times 4$',
  '$$\\sum_{i=1}^{n} i$$',
  '$$E = mc^2$$',
  '```python\nprint("hi")\n```',
  '~~~\nSELECT * FROM t;\n~~~',
  '| 이름 | 값 |\n| --- | --- |\n| a | 1 |',
  'a | b\n--|--\n1 | 2',
  '![그림](https://example.com/a.png)',
  '![](/api/images/x.png "title")',
);
const withMarkdown = fc
  .tuple(plainLine, markdownOnly, plainLine)
  .map(([before, markdown, after]) => `${before}\n${markdown}\n${after}`);

describe('looksLikeMarkdown (D279)', () => {
  test.each([
    ['$\\frac{a}{b}$ 의 값은?', true],
    ['What is $x^2$ when x = 3?', true],
    ['넓이는 $$\\pi r^2$$ 이다', true],
    ['```js\nconst a = 1;\n```', true],
    ['| a | b |\n|---|---|\n| 1 | 2 |', true],
    ['![flag](https://example.com/flag.png)', true],
    ['Costs $5 and $10', false],
    ['$HOME_DIR/$PATH', false],
    ['2*3 = 6 and snake_case', false],
    ['C# and F#', false],
    ['^_^ :) ;-)', false],
    ['a | b | c', false],
    ['```', false],
    ['$x$', false],
    ['[docs](https://example.com)', false],
  ])('%j → %s', (text, expected) => {
    expect(looksLikeMarkdown(text)).toBe(expected);
  });

  test('plain look-alikes stay plain (property)', () => {
    fc.assert(fc.property(plainText_, (text) => !looksLikeMarkdown(text)));
  });

  test('Markdown-only content is found in any sentence (property)', () => {
    fc.assert(fc.property(withMarkdown, (text) => looksLikeMarkdown(text)));
  });
});

describe('escapeMarkdown: a plain cell of a Markdown question shows as typed', () => {
  test.each(['C# 와 F#', '2*3 = 6', '$5 and $10', '1. 첫째\n2. 둘째', '- 항목', '# 1등', 'a|b', '^_^', 'R&D &amp;'])(
    '%j',
    (text) => {
      expect(shownLines(escapeMarkdown(text))).toBe(asShown(text));
      expect(plainText(escapeMarkdown(text), 'markdown')).toBe(asShown(text));
    },
  );

  test('rendered as Markdown, an escaped plain text is its own text (property)', () => {
    fc.assert(
      fc.property(plainText_, (text) => {
        expect(shownLines(escapeMarkdown(text))).toBe(asShown(text));
      }),
    );
  });

  test('its plain form, which grading and search read, is the text itself (property)', () => {
    fc.assert(
      fc.property(plainText_, (text) => {
        expect(plainText(escapeMarkdown(text), 'markdown')).toBe(asShown(text));
      }),
    );
  });

  test('a cell already escaped (an exported Markdown question) is not escaped twice (property)', () => {
    const math = '$\\frac{1}{2}$';
    fc.assert(
      fc.property(plainText_, (text) => {
        const once = questionTextFormat([math, text]).stored(text);
        expect(questionTextFormat([math, once]).stored(once)).toBe(once);
      }),
    );
    expect(isEscapedPlain('2\\*3 = 6')).toBe(true);
    expect(isEscapedPlain('\\d+\\.')).toBe(false);
    expect(isEscapedPlain('C:\\Users')).toBe(false);
  });

  test('an image alone leaves the question to the image pipeline: plain until an image is stored', () => {
    expect(questionTextFormat(['Which flag? ![a flag](https://example.com/flag.png)', 'Korea']).format).toBe('plain');
    expect(questionTextFormat(['![a](https://example.com/a.png) $x^2$', 'x squared']).format).toBe('markdown');
  });
});
