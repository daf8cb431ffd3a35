import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowedEdits,
  comparableAnswer,
  editDistance,
  gradeAnswer,
  hasChoiceOptions,
  isAnswerCorrect,
  yesNoValue,
} from '#shared/domain/answer-check.js';
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

describe('normalizeDifficulty (docs/product.md#take-exam)', () => {
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

describe('gradeAnswer: a tutor’s rule', () => {
  const cases: [given: string, correct: string, verdict: 'correct' | 'almost' | 'wrong'][] = [
    ['KIA타이거즈', 'KIA 타이거즈', 'correct'],
    ['KIA 타이거즈', 'KIA타이거즈', 'correct'],
    ['4 명', '4명', 'correct'],
    ['4명', '4 명', 'correct'],
    ['완봉', '완봉|완봉승', 'correct'],
    ['완봉승', '완봉|완봉승', 'correct'],
    ['완봉|완봉승', '완봉|완봉승', 'wrong'],
    ['icecream', 'ice cream', 'almost'],
    ['Kubernets', 'Kubernetes', 'almost'],
    ['kubernetes', 'Kubernetes', 'correct'],
    ['Paris', 'Pariss', 'almost'],
    ['Rome', 'Roma', 'wrong'],
    ['1234', '1235', 'wrong'],
    ['HTTP 404', 'HTTP 405', 'wrong'],
    ['트랜잭션 격리수준', '트랜잭션 격리 수준', 'correct'],
    ['트랜잭션 겨리 수준', '트랜잭션 격리 수준', 'almost'],
    ['deployment', 'Deployment|ReplicaSet', 'correct'],
    ['replicaset', 'Deployment|ReplicaSet', 'correct'],
    ['deploymnt', 'Deployment|ReplicaSet', 'almost'],
    ['', 'a|b', 'wrong'],
    ['x', '|', 'wrong'],
  ];
  it.each(cases)('%j for %j → %s', (given, correct, verdict) => {
    expect(gradeAnswer(given, correct).verdict).toBe(verdict);
  });

  it('names the alternative it matched or came closest to', () => {
    expect(gradeAnswer('deploymnt', 'ReplicaSet|Deployment')).toEqual({ verdict: 'almost', expected: 'Deployment' });
    expect(gradeAnswer('완봉승', '완봉|완봉승')).toEqual({ verdict: 'correct', expected: '완봉승' });
  });

  it('keeps a choice answer with | whole when the content lists options', () => {
    expect(gradeAnswer('a', 'a|b', MC).verdict).toBe('wrong');
  });

  // Answers without `|` and outside multiple-choice content; fast-check draws them with Hangul, digits and spaces.
  const piece = fc.constantFrom('a', 'B', 'z', '가', '나', '한', '1', '7', ' ', '-', 'é');
  const answer = fc.array(piece, { minLength: 0, maxLength: 14 }).map((parts) => parts.join(''));
  const filled = answer.filter((text) => text.trim() !== '');

  it('always accepts the answer itself, and never an empty one', () => {
    fc.assert(fc.property(filled, (text) => gradeAnswer(text, text).verdict === 'correct'));
    fc.assert(
      fc.property(
        fc.constantFrom('', ' ', '\n', '\t '),
        filled,
        (blank, correct) => gradeAnswer(blank, correct).verdict === 'wrong',
      ),
    );
  });

  it('is symmetric for single answers', () => {
    fc.assert(fc.property(filled, filled, (a, b) => isAnswerCorrect(a, b) === isAnswerCorrect(b, a)));
  });

  it('accepts each alternative of a|b|c', () => {
    fc.assert(
      fc.property(fc.array(filled, { minLength: 1, maxLength: 4 }), fc.nat(), (alternatives, pick) => {
        const chosen = alternatives[pick % alternatives.length]!;
        return gradeAnswer(chosen, alternatives.join('|')).verdict === 'correct';
      }),
    );
  });

  it('ignores spacing next to Hangul and digits', () => {
    fc.assert(
      fc.property(
        filled,
        (text) => isAnswerCorrect(text.replace(/([가-힣0-9])/g, ' $1 '), text) || text.replace(/\s/g, '') === '',
      ),
    );
  });

  it('never calls a short or numeric answer almost, and almost is never correct', () => {
    fc.assert(
      fc.property(answer, filled, (given, correct) => {
        const grade = gradeAnswer(given, correct);
        if (grade.verdict !== 'almost') return true;
        return allowedEdits(comparableAnswer(grade.expected)) > 0 && !isAnswerCorrect(given, correct);
      }),
    );
  });

  it('measures edits with an early stop', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('가나다', '가나')).toBe(1);
  });
});
