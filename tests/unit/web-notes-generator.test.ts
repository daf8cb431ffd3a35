import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readGaps } from '../../web/src/features/notes/generator/cloze-text.js';
import { findDefinition } from '../../web/src/features/notes/generator/definitions.js';
import { capWords, generateByRules } from '../../web/src/features/notes/generator/generate.js';
import { KOREAN_PARTICLES, splitParticle } from '../../web/src/features/notes/generator/korean-particles.js';
import { parseNotes } from '../../web/src/features/notes/generator/markdown-blocks.js';
import { answersInSource, duplicateCount, splitsKoreanWord } from '../../web/src/features/notes/generator/quality.js';
import { detectLanguage, splitKorean, splitSentences } from '../../web/src/features/notes/generator/sentences.js';
import { NOTES_LIMITS } from '../../web/src/features/notes/generator/types.js';

const contents = (notes: string) => generateByRules(notes).candidates.map((c) => c.content);

describe('sentences (docs/decisions/questions-from-notes.md)', () => {
  test('Korean ends at . ? ! followed by a space, never inside a number or a dotted name', () => {
    expect(splitKorean('원주율은 3.14이다. Node.js를 쓴다! 왜 그럴까? 끝')).toEqual([
      '원주율은 3.14이다.',
      'Node.js를 쓴다!',
      '왜 그럴까?',
      '끝',
    ]);
    expect(splitKorean('그는 "좋다." 라고 말했다. 다음')).toEqual(['그는 "좋다."', '라고 말했다.', '다음']);
  });

  test('a Korean line ending in a final ending ends a sentence without a period; other lines are wrapped', () => {
    expect(splitKorean('서울은 수도이다\n부산은 항구 도시로\n바다가 가깝다\n끝')).toEqual([
      '서울은 수도이다',
      '부산은 항구 도시로 바다가 가깝다',
      '끝',
    ]);
    const sources = generateByRules('조선은 한양을 도읍으로 삼았다\n고려는 개경을 도읍으로 삼았다').candidates.map(
      (c) => c.source,
    );
    expect(sources).toEqual(['조선은 한양을 도읍으로 삼았다', '고려는 개경을 도읍으로 삼았다']);
  });

  test('English by sbd keeps abbreviations and decimals inside a sentence', () => {
    expect(splitSentences('Dr. Kim measured 3.5 litres. It was enough.', 'en')).toEqual([
      'Dr. Kim measured 3.5 litres.',
      'It was enough.',
    ]);
    expect(splitSentences('A wrapped\nline of text. And another.', 'en')).toEqual([
      'A wrapped line of text.',
      'And another.',
    ]);
  });

  test('language: Korean from a fifth of the letters in Hangul', () => {
    expect(detectLanguage('서울은 Korea의 capital이다.')).toBe('ko');
    expect(detectLanguage('Seoul is the capital of Korea.')).toBe('en');
  });
});

describe('Korean particles', () => {
  test.each([
    ['서울은', '서울', '은'],
    ['서울로', '서울', '로'],
    ['부산으로', '부산', '으로'],
    ['바다를', '바다', '를'],
    ['책을', '책', '을'],
    ['학생들은', '학생', '들은'],
    ['법이란', '법', '이란'],
    ['민주주의란', '민주주의', '란'],
    ['대한민국의', '대한민국', '의'],
    ['엽록체에서', '엽록체', '에서'],
    ['DNA는', 'DNA', '는'],
    // A final consonant (받침) the particle does not fit: no particle at all.
    ['사과', '사과', ''],
    ['나이', '나이', ''],
    ['서울으로', '서울으', '로'],
  ])('%s → %s + %s', (word, stem, particle) => {
    expect(splitParticle(word)).toEqual({ stem, particle });
  });

  test('the list is longest first, so 에서는 wins over 는', () => {
    const lengths = KOREAN_PARTICLES.map((p) => p.particle.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    expect(splitParticle('학교에서는').particle).toBe('에서는');
  });

  test('a gap takes the word and leaves its particle outside: 서울은 → {{c1::서울}}은', () => {
    expect(contents('서울은 대한민국의 수도이다.')).toContain('{{c1::서울}}은 대한민국의 수도이다.');
  });

  const NOUNS = [
    '서울',
    '대한민국',
    '광합성',
    '엽록체',
    '민법',
    '헌법',
    '바다',
    '나무',
    '컴퓨터',
    '세포',
    'DNA',
    '조선',
  ];
  const PARTICLES = ['은', '는', '이', '가', '을', '를', '의', '에서', '으로', '로', '와', '과', '도', '만', ''];
  const VERBS = ['있다.', '일어난다.', '중요하다.', '크다.', '만든다.'];
  const sentence = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...NOUNS), fc.constantFrom(...PARTICLES)), { minLength: 2, maxLength: 6 }),
      fc.constantFrom(...VERBS),
    )
    .map(([words, verb]) => `${words.map(([noun, particle]) => noun + particle).join(' ')} ${verb}`);

  test('property: no gap splits a Korean word from its particle, every answer is in its sentence', () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 8 }), (sentences) => {
        const { candidates } = generateByRules(sentences.join(' '), 'ko');
        for (const candidate of candidates) {
          expect(splitsKoreanWord(candidate)).toBe(false);
          expect(answersInSource(candidate)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('candidates', () => {
  test('definitions ask the term in both languages', () => {
    expect(findDefinition('Photosynthesis is the process by which plants make sugar from light.', 'en')).toEqual({
      term: 'Photosynthesis',
      question: 'What term is defined as the process by which plants make sugar from light?',
    });
    expect(findDefinition('광합성이란 식물이 빛으로 양분을 만드는 과정이다.', 'ko')?.term).toBe('광합성');
    expect(findDefinition('법이란 사회의 질서를 지키는 규범이다.', 'ko')).toEqual({
      term: '법',
      question: '사회의 질서를 지키는 규범을 무엇이라고 하나요?',
    });
    expect(findDefinition('민법은 사람 사이의 권리와 의무를 정한 법을 말한다.', 'ko')?.term).toBe('민법');
    expect(findDefinition('The sky is blue today.', 'en')).toBeNull();
    expect(findDefinition('It is a good idea to rest.', 'en')).toBeNull();
  });

  test('a list under a heading is one card with a gap per item; a table row asks its term', () => {
    const { candidates } = generateByRules(
      '## Noble gases\n- Helium\n- Neon\n- Argon\n\n| Term | Meaning |\n|---|---|\n| CPU | the central processing unit of a computer |\n',
      'en',
    );
    const list = candidates.find((c) => c.kind === 'list');
    expect(list?.content).toBe('**Noble gases**: {{c1::Helium}}; {{c2::Neon}}; {{c3::Argon}}');
    expect(list?.answers).toEqual(['Helium', 'Neon', 'Argon']);
    const row = candidates.find((c) => c.kind === 'table');
    expect(row).toMatchObject({ answers: ['CPU'], source: 'CPU | the central processing unit of a computer' });
    expect(row?.content).toBe('Which term has this meaning: the central processing unit of a computer?');
  });

  test('every candidate is labelled with the rules tier and keeps its source', () => {
    const { candidates } = generateByRules(
      'The French Revolution began in 1789 in Paris. Mitochondria are the powerhouse of the cell.',
    );
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) {
      expect(candidate.tier).toBe('rules');
      expect(candidate.source.length).toBeGreaterThan(0);
      for (const g of readGaps(candidate.content)) expect(candidate.source).toContain(g.answer);
    }
    expect(contents('The French Revolution began in 1789 in Paris.')).toContain(
      'The {{c1::French Revolution}} began in 1789 in Paris.',
    );
  });

  test('hostile Markdown: tags and link targets never reach a source or a question', () => {
    const { candidates } = generateByRules(
      'The <script>alert(1)</script> **firewall** filters [packets](javascript:alert(1)) between networks. <img src=x onerror=alert(1)>',
      'en',
    );
    for (const candidate of candidates) {
      expect(candidate.source + candidate.content).not.toMatch(/<|javascript:/);
    }
    expect(parseNotes('**bold term** and `code`').marked).toEqual(new Set(['bold term', 'code']));
  });

  test('a run of text without punctuation is no sentence: no card', () => {
    expect(generateByRules('Seoul '.repeat(61), 'en').candidates).toEqual([]);
  });

  test('a repeated sentence makes no duplicate candidate', () => {
    const sentence = 'The mitochondrion is the organelle that releases energy in a cell. ';
    const { candidates } = generateByRules(sentence.repeat(5), 'en');
    expect(duplicateCount(candidates)).toBe(0);
    expect(candidates.length).toBeLessThanOrEqual(2);
  });

  test('notes past the word cap are cut with the count kept for the message', () => {
    const long = 'Seoul is a city. '.repeat(Math.ceil(NOTES_LIMITS.maxWords / 4) + 10);
    const result = generateByRules(long, 'en');
    expect(result.cappedFrom).toBeGreaterThan(NOTES_LIMITS.maxWords);
    expect(result.words).toBe(NOTES_LIMITS.maxWords);
    expect(capWords('a b c', 2)).toEqual({ text: 'a b ', words: 3 });
    expect(generateByRules('Seoul is a big city.', 'en').cappedFrom).toBeNull();
  });

  test('property: any text gives candidates whose answers are verbatim in their source and read back from their gaps', () => {
    // Words, and the characters the cloze syntax gives a meaning to (escapes, hints, braces).
    const piece = fc.constantFrom(
      'Seoul',
      'capital',
      'Korea',
      'river',
      'is',
      'the',
      '\\',
      '::',
      '{',
      '}',
      '`',
      ' ',
      '. ',
      '\n- ',
      '\n## Cities\n',
    );
    const notes = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.array(piece, { maxLength: 80 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(notes, (text) => {
        for (const candidate of generateByRules(text).candidates) {
          expect(answersInSource(candidate)).toBe(true);
          const gaps = readGaps(candidate.content);
          if (gaps.length > 0) expect(gaps.map((g) => g.answer)).toEqual(candidate.answers);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('gaps are read by the shared cloze rule: an escaped gap is text, a hint is no part of the answer', () => {
    expect(readGaps('\\{{c1::서울}}은 {{c2::수도::도시}}이다')).toEqual([
      { number: 2, answer: '수도', before: '', after: '이다' },
    ]);
    expect(readGaps('대{{c1::한}}민국')).toEqual([{ number: 1, answer: '한', before: '대', after: '민국' }]);
    expect(readGaps('{{c1::a}}{{c2::b}}')).toMatchObject([
      { before: '', after: '' },
      { before: '', after: '' },
    ]);
  });
});
