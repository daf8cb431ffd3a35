import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clozeAnswerSide,
  clozeAnswers,
  clozeExpected,
  clozeFilled,
  clozeNumbers,
  clozeQuestion,
  gradeCloze,
  hasCloze,
  makeGap,
  nextClozeNumber,
  parseCloze,
  serializeCloze,
  type ClozePart,
} from '#shared/domain/cloze.js';
import { normalizeRows } from '#shared/domain/question-sheet.js';

describe('parseCloze', () => {
  it('reads gaps with and without hints, several numbers and repeats', () => {
    const text = '{{c1::Paris}} is the capital of {{c2::France::country}}; {{c1::Paris}} again.';
    expect(parseCloze(text)).toEqual([
      { kind: 'gap', number: 1, raw: 'Paris', hint: null },
      { kind: 'text', raw: ' is the capital of ' },
      { kind: 'gap', number: 2, raw: 'France', hint: 'country' },
      { kind: 'text', raw: '; ' },
      { kind: 'gap', number: 1, raw: 'Paris', hint: null },
      { kind: 'text', raw: ' again.' },
    ]);
    expect(clozeNumbers(text)).toEqual([1, 2]);
    expect(nextClozeNumber(text)).toBe(3);
  });

  it('keeps escaped openings, unclosed gaps and c0 as text', () => {
    for (const text of ['\\{{c1::no}}', '{{c1::never closed', '{{c0::zero}}', '{{C1::upper}}', '{c1::x}']) {
      expect(hasCloze(text)).toBe(false);
      expect(parseCloze(text)).toEqual([{ kind: 'text', raw: text }]);
    }
  });

  it('nests braces for math and keeps code spans opaque', () => {
    const math = 'Half: {{c1::$\\frac{1}{2}$}}.';
    expect(clozeAnswers(math, 1, 'markdown')).toEqual(['\\frac{1}{2}']);
    const code = 'Scope: {{c1::`a::b`::operator}}';
    expect(parseCloze(code)[1]).toEqual({ kind: 'gap', number: 1, raw: '`a::b`', hint: 'operator' });
    const bare = '{{c1::\\frac{a}{b}}}';
    expect(parseCloze(bare)).toEqual([{ kind: 'gap', number: 1, raw: '\\frac{a}{b}', hint: null }]);
  });

  it("falls back to Anki's first }} when braces do not balance", () => {
    expect(parseCloze('{{c1::a{b}} rest')).toEqual([
      { kind: 'gap', number: 1, raw: 'a{b', hint: null },
      { kind: 'text', raw: ' rest' },
    ]);
  });

  it('reads escaped colons and braces inside an answer', () => {
    const text = '{{c1::a\\:\\:b::hint}}';
    expect(parseCloze(text)[0]).toEqual({ kind: 'gap', number: 1, raw: 'a\\:\\:b', hint: 'hint' });
    expect(clozeAnswers(text, 1)).toEqual(['a::b']);
    expect(clozeQuestion(text, 2)).toBe('a::b');
  });
});

describe('rendering a card', () => {
  const note = '{{c1::서울}}은 {{c2::대한민국::나라}}의 수도이다.';

  it('hides gap N and fills the others', () => {
    expect(clozeQuestion(note, 1)).toBe('[…]은 대한민국의 수도이다.');
    expect(clozeQuestion(note, 2)).toBe('서울은 [나라]의 수도이다.');
    expect(clozeQuestion(note, 2, 'markdown')).toBe('서울은 \\[나라\\]의 수도이다.');
  });

  it('reveals the whole sentence with gap N marked', () => {
    expect(clozeAnswerSide(note, 1)).toBe('[서울]은 대한민국의 수도이다.');
    expect(clozeAnswerSide(note, 2, 'markdown')).toBe('서울은 **대한민국**의 수도이다.');
    expect(clozeFilled(note)).toBe('서울은 대한민국의 수도이다.');
  });

  it('keeps Markdown inside a gap for the renderer, and grades its plain form', () => {
    const text = 'Use {{c1::**`git rebase`**}} to replay commits; $E={{c2::mc^2}}$.';
    expect(clozeQuestion(text, 2, 'markdown')).toBe('Use **`git rebase`** to replay commits; $E=\\[…\\]$.');
    expect(clozeAnswers(text, 1, 'markdown')).toEqual(['git rebase']);
    expect(gradeCloze('git rebase', text, 1, 'markdown').verdict).toBe('correct');
  });
});

describe('gradeCloze', () => {
  const twice = 'The {{c1::mitochondria}} is the powerhouse; the {{c1::mitochondria}} has DNA. {{c2::ATP}}';

  it('grades each occurrence with the lenient rule', () => {
    expect(clozeExpected(twice, 1)).toBe('mitochondria; mitochondria');
    expect(gradeCloze('Mitochondria; mitochondria.', twice, 1).verdict).toBe('correct');
    expect(gradeCloze(['mitochondria', 'mitochondira'], twice, 1).verdict).toBe('almost');
    const wrong = gradeCloze(['mitochondria', 'nucleus'], twice, 1);
    expect(wrong.verdict).toBe('wrong');
    expect(wrong.gaps.map((grade) => grade.verdict)).toEqual(['correct', 'wrong']);
    expect(gradeCloze('mitochondria', twice, 1).verdict).toBe('wrong');
    expect(gradeCloze('atp', twice, 2).verdict).toBe('correct');
    expect(gradeCloze('', twice, 2).verdict).toBe('wrong');
  });

  it('is wrong for a number the note does not have', () => {
    expect(gradeCloze('x', twice, 9)).toEqual({ verdict: 'wrong', gaps: [] });
  });
});

describe('makeGap', () => {
  it('wraps the selection in the next number, spaces left outside', () => {
    const made = makeGap('{{c1::Paris}} is in France.', 19, 26);
    expect(made).toEqual({
      content: '{{c1::Paris}} is in {{c2::France}}.',
      number: 2,
      selection: [20, 34],
    });
  });

  it('refuses an empty selection or one that cuts a gap', () => {
    expect(makeGap('abc', 1, 1)).toBeNull();
    expect(makeGap('a   b', 1, 3)).toBeNull();
    expect(makeGap('{{c1::Paris}} x', 3, 14)).toBeNull();
    expect(makeGap('{{c1::Paris}} x', 8, 10)).toBeNull();
  });
});

const PLAIN_WORD = fc.stringMatching(/^[a-z가-힣 .,$*]{0,12}$/);
// A backtick in a gap opens a code span, so the editor's gaps hold whole spans.
const WORD = fc.oneof(
  PLAIN_WORD,
  PLAIN_WORD.map((word) => `\`${word}::x}}\``),
);
const TEXT = fc.stringMatching(/^[a-z가-힣 .,:{}\\$`*]{0,16}$/);
const PART: fc.Arbitrary<ClozePart> = fc.oneof(
  TEXT.map((raw) => ({ kind: 'text' as const, raw })),
  fc.record({
    kind: fc.constant('gap' as const),
    number: fc.integer({ min: 1, max: 4 }),
    raw: WORD,
    hint: fc.option(WORD, { nil: null }),
  }),
);

describe('properties', () => {
  it('serialize(parse(text)) is the text, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('{', '}', 'c', '1', ':', '\\', '`', 'a', ' ') }), (text) => {
        expect(serializeCloze(parseCloze(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('parse(serialize(parts)) keeps every gap with its number, answer and hint', () => {
    fc.assert(
      fc.property(fc.array(PART, { maxLength: 6 }), (parts) => {
        // Text that could itself open or escape a gap is not what the editor writes next to one.
        const safe = parts.map((part) =>
          part.kind === 'text' ? { ...part, raw: part.raw.replace(/[{}\\`]/g, '') } : part,
        );
        const gapsIn = safe.filter((part) => part.kind === 'gap');
        const read = parseCloze(serializeCloze(safe)).filter((part) => part.kind === 'gap');
        expect(read).toEqual(gapsIn.map((gap) => ({ ...gap, raw: gap.raw, hint: gap.hint })));
      }),
      { numRuns: 300 },
    );
  });

  it('the question side never shows the hidden answer', () => {
    const answer = fc.stringMatching(/^[QXZ]{3}[0-9]{3}$/);
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', ' ', '가', '.', '*') }), { minLength: 1, maxLength: 4 }),
        answer,
        fc.integer({ min: 1, max: 3 }),
        (texts, secret, number) => {
          const note = texts
            .map((text, i) => `${text}{{c${(i % 3) + 1}::${i % 3 === number - 1 ? secret : 'k'}}}`)
            .join('');
          for (const format of ['plain', 'markdown'] as const) {
            const question = clozeQuestion(note, number, format);
            expect(question).not.toContain(secret);
            expect(clozeAnswerSide(note, number, format).includes(secret)).toBe(clozeAnswers(note, number).length > 0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a sheet row holding a cloze note', () => {
  it('becomes one question per number: ids, titles, the answer cell as extra text', () => {
    const rows = [
      ['7', 'Capitals', '{{c2::Seoul}} is the capital of {{c1::Korea::country}}', 'since 1394', 'Asia'],
      ['', '', 'no gap here', 'plain answer', ''],
      ['', '', 'only {{c1::}} empty gaps {{c2:: }}', '', ''],
    ];
    const outcome = normalizeRows(rows, { csv_id: 0, title: 1, content: 2, answer: 3, explanation: 4 });
    if (!outcome.ok) throw new Error(outcome.code);
    expect(outcome.questions.map((q) => [q.csv_id, q.title, q.content, q.answer, q.explanation, q.cloze])).toEqual([
      ['7-c1', 'Capitals (c1)', 'Seoul is the capital of [country]', 'Korea', 'since 1394\nAsia', 1],
      ['7-c2', 'Capitals (c2)', '[…] is the capital of Korea', 'Seoul', 'since 1394\nAsia', 2],
      ['1', 'no gap here', 'no gap here', 'plain answer', '', undefined],
    ]);
    expect(outcome.lines).toEqual([2, 2, 3]);
    expect(outcome.skipped_rows).toEqual([{ line: 4, reason: 'blank_answer' }]);
  });

  it('in Markdown keeps its gaps and code, and is graded in its plain form', () => {
    const outcome = normalizeRows([['{{c1::`2*3`}} is **six**', '']], { content: 0, answer: 1 }, undefined, {
      textFormat: 'markdown',
    });
    if (!outcome.ok) throw new Error(outcome.code);
    const [card] = outcome.questions;
    expect(card).toMatchObject({
      format: 'markdown',
      cloze: 1,
      cloze_note: '{{c1::`2*3`}} is **six**',
      content: '\\[…\\] is **six**',
      answer: '`2*3`',
    });
    expect(gradeCloze('2*3', card!.cloze_note!, 1, 'markdown').verdict).toBe('correct');
  });
});
