import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gradeAnswer } from '#shared/domain/answer-check.js';
import { hasCodeBlock, hasMath, plainText, textFormat } from '#shared/domain/rich-text.js';

describe('legacy text stays as typed', () => {
  const legacy = [
    '다음 중 *표시가 붙은 항목은 필수_입력 값이다. 2*3 = 6 일 때 x_1 은?',
    'What does `kubectl get pods -A` print? Use snake_case_names and 5 * 4 * 3.',
    '**굵게** 보이면 안 됩니다 — 원래 별표 두 개가 답의 일부입니다.',
    'A_B_C and __init__ are Python names; $PATH and $HOME are shell variables.',
  ];
  test.each(legacy)('plain form of plain text is the text: %s', (text) => {
    expect(plainText(text, 'plain')).toBe(text);
    expect(plainText(text, undefined)).toBe(text);
  });

  test('plain form of any plain text is identity (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => plainText(text, 'plain') === text));
  });

  test('a stored format other than markdown is plain', () => {
    expect(textFormat(undefined)).toBe('plain');
    expect(textFormat('html')).toBe('plain');
    expect(textFormat('markdown')).toBe('markdown');
  });

  test('a legacy answer with stars is graded by its stars', () => {
    expect(gradeAnswer('2*3', plainText('2*3', 'plain')).verdict).toBe('correct');
    expect(gradeAnswer('__init__', plainText('__init__', 'plain')).verdict).toBe('correct');
  });
});

describe('plain form of Markdown', () => {
  test('emphasis, links and images lose their markers; images read as alt text', () => {
    expect(plainText('**정답**은 _두 번째_ 보기', 'markdown')).toBe('정답은 두 번째 보기');
    expect(plainText('See [the docs](https://example.com/a_b) now', 'markdown')).toBe('See the docs now');
    expect(plainText('![파드 구성도](/api/images/abc.png) 참고', 'markdown')).toBe('파드 구성도 참고');
  });

  test('math keeps its source and code is kept as written', () => {
    expect(plainText('신뢰도는 $MTTF \\times \\frac{1}{n}$ 이다', 'markdown')).toBe(
      '신뢰도는 MTTF \\times \\frac{1}{n} 이다',
    );
    expect(plainText('$$\n\\sum_{i=1}^{n} x_i\n$$', 'markdown')).toBe('\\sum_{i=1}^{n} x_i');
    expect(plainText('Run `snake_case **x**` first', 'markdown')).toBe('Run snake_case **x** first');
    expect(plainText('```yaml\nkind: Pod\nmetadata:\n  name: web_1\n```', 'markdown')).toBe(
      'kind: Pod\nmetadata:\n  name: web_1',
    );
  });

  test('snake_case words and prices are not emphasis', () => {
    expect(plainText('use max_connections_per_host', 'markdown')).toBe('use max_connections_per_host');
    expect(plainText('costs $5 and $10', 'markdown')).toBe('costs $5 and $10');
  });

  test('headings, quotes, tables and lists read as lines', () => {
    const table = '| 명령 | 뜻 |\n| --- | --- |\n| ls | 목록 |';
    expect(plainText(table, 'markdown')).toBe('명령 | 뜻\nls | 목록');
    expect(plainText('# 제목\n> 인용', 'markdown')).toBe('제목\n인용');
    expect(plainText('- 하나\n- 둘', 'markdown')).toBe('- 하나\n- 둘');
  });

  test('a rich answer is graded in its plain form', () => {
    expect(gradeAnswer('42', plainText('**42**', 'markdown')).verdict).toBe('correct');
    expect(gradeAnswer('x^2', plainText('$x^2$', 'markdown')).verdict).toBe('correct');
  });

  test('plain form never grows markers and never throws (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const plain = plainText(text, 'markdown');
        return typeof plain === 'string' && !plain.includes('\uE000');
      }),
    );
  });

  test('detects math and fenced code for the lazy chunks', () => {
    expect(hasMath('$x$')).toBe(true);
    expect(hasMath('no math here')).toBe(false);
    expect(hasCodeBlock('```js\n1\n```')).toBe(true);
    expect(hasCodeBlock('inline `x` only')).toBe(false);
  });
});
