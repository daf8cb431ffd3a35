import { describe, expect, it } from 'vitest';
import { hasChoiceOptions, isAnswerCorrect, yesNoValue } from '#shared/domain/answer-check.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';

const MC = 'Which are prime?\na. 2\nb. 3\nc. 4\nd. 6';
const MC_NUM = '고르시오\n1) 사과\n2) 배\n3) 감\n4) 귤';

describe('isAnswerCorrect', () => {
  const cases: [given: string, correct: string, content: string, expected: boolean][] = [
    ['Paris', 'Paris', '', true],
    ['  paris  ', 'Paris', '', true],
    ['PARIS', 'paris', '', true],
    ['Pariss', 'Paris', '', false],
    ['', 'Paris', '', false],
    ['   ', 'Paris', '', false],
    ['anything', '', '', false],
    ['', '', '', false],
    ['kubernetes  pod', 'Kubernetes pod', '', true],
    ['쿠버네티스', '쿠버네티스', '', true],
    [' 쿠버네티스 ', '쿠버네티스', '', true],
    ['쿠버네티스 파드', '쿠버네티스', '', false],
    ['ＰＡＲＩＳ', 'paris', '', true],
    ['y', 'Y', '', true],
    ['yes', 'Y', '', true],
    ['YES', 'y', '', true],
    ['예', 'Y', '', true],
    ['예', 'yes', '', true],
    ['n', 'N', '', true],
    ['no', 'N', '', true],
    ['아니오', 'n', '', true],
    ['아니오', 'Y', '', false],
    ['yes', 'no', '', false],
    ['y', 'N', '', false],
    ['a,b', 'a,b', MC, true],
    ['b,a', 'a,b', MC, true],
    ['B, A', 'a, b', MC, true],
    ['a;b', 'a,b', MC, true],
    ['b; a', 'a;b', MC, true],
    ['a，b', 'a,b', MC, true],
    ['b；a', 'a;b', MC, true],
    ['a, b, c', 'a,b', MC, false],
    ['a', 'a,b', MC, false],
    ['a, a, b', 'a,b', MC, true],
    ['a., b.', 'a,b', MC, true],
    ['1,3', '3,1', MC_NUM, true],
    ['1, 2', '3,1', MC_NUM, false],
    ['b', 'b', MC, true],
    ['c', 'b', MC, false],
    ['France, Paris', 'Paris, France', '', false],
    ['Paris, France', 'Paris, France', '', true],
    ['a\nb', 'a b', '', true],
  ];
  it.each(cases)('%j vs %j → %s', (given, correct, content, expected) => {
    expect(isAnswerCorrect(given, correct, content)).toBe(expected);
  });
});

describe('helpers', () => {
  it('recognises option lines', () => {
    expect(hasChoiceOptions(MC)).toBe(true);
    expect(hasChoiceOptions(MC_NUM)).toBe(true);
    expect(hasChoiceOptions('ａ．첫째')).toBe(true);
    expect(hasChoiceOptions('Explain a pod.')).toBe(false);
  });
  it('maps yes/no forms', () => {
    expect(yesNoValue(' Yes ')).toBe('Y');
    expect(yesNoValue('아니오')).toBe('N');
    expect(yesNoValue('maybe')).toBeNull();
  });
});

describe('normalizeDifficulty (spec 2 §5)', () => {
  it.each([
    ['easy', 'Easy'],
    ['Easy', 'Easy'],
    ['쉬움', 'Easy'],
    ['1', 'Easy'],
    ['1단계', 'Easy'],
    [1, 'Easy'],
    ['medium', 'Medium'],
    ['보통', 'Medium'],
    ['2', 'Medium'],
    ['2단계', 'Medium'],
    ['med', 'Medium'],
    ['Med.', 'Medium'],
    ['hard', 'Hard'],
    ['HARD', 'Hard'],
    ['어려움', 'Hard'],
    ['3', 'Hard'],
    ['3단계', 'Hard'],
    ['high', 'Hard'],
    ['', 'Medium'],
    [null, 'Medium'],
    ['extreme', 'Medium'],
    [' hard ', 'Hard'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeDifficulty(input)).toBe(expected);
  });
});
