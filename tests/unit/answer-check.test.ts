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

describe('final sentence punctuation does not matter (D280)', () => {
  it.each([
    ['Paris', 'Paris.', 'correct'],
    ['Paris.', 'Paris', 'correct'],
    ['트랜잭션 격리 수준', '트랜잭션 격리 수준.', 'correct'],
    ['東京', '東京。', 'correct'],
    ['Stop!', 'stop', 'correct'],
    ['really?', 'Really', 'correct'],
    ['and so on…', 'and so on', 'correct'],
    ['a statement;', 'a statement', 'correct'],
    ['Paris ！', 'Paris', 'correct'],
    // An answer that is only punctuation keeps it.
    [';', ';', 'correct'],
    ['.', ';', 'wrong'],
    ['...', '...', 'correct'],
    // Only at the end: inner periods still count.
    ['Nodejs', 'Node.js', 'almost'],
    ['3.14', '314', 'wrong'],
  ])('%j for %j → %s', (given, correct, verdict) => {
    expect(gradeAnswer(given, correct).verdict).toBe(verdict);
  });

  const correctAnswer = fc
    .array(fc.constantFrom('Kubernetes', 'pod', '파드', '격리', '수준', 'KIA', '타이거즈', '42', 'é', 'C#', 'x'), {
      minLength: 1,
      maxLength: 5,
    })
    .map((words) => words.join(' '));

  it('any correct answer followed by a period (or ! ? 。 … ;) is correct (property)', () => {
    fc.assert(
      fc.property(correctAnswer, fc.constantFrom('.', '。', '!', '?', '…', ';', ' .', '..'), (answer, mark) => {
        expect(gradeAnswer(answer + mark, answer).verdict).toBe('correct');
        expect(gradeAnswer(answer, answer + mark).verdict).toBe('correct');
      }),
    );
  });
});

describe('a choice typed as its text counts as choosing it (D280)', () => {
  const KBO = '2024 한국시리즈 우승 팀은?\n1) 삼성 라이온즈\n2) LG 트윈스\n3) KIA 타이거즈\n4) 두산 베어스';
  const AWS = 'Which service runs a release pipeline?\n1) AWS CodeCommit\n2) AWS CodeBuild\n3) AWS CodePipeline';
  it.each([
    ['KIA 타이거즈', '3', KBO, 'correct'],
    ['kia타이거즈', '3', KBO, 'correct'],
    ['KIA 타이거즈.', '3', KBO, 'correct'],
    ['3', '3', KBO, 'correct'],
    ['3)', '3', KBO, 'correct'],
    ['c', '3', KBO, 'correct'],
    ['삼성 라이온즈', '3', KBO, 'wrong'],
    ['1', '3', KBO, 'wrong'],
    ['KIA 타이거스', '3', KBO, 'almost'],
    ['롯데 자이언츠', '3', KBO, 'wrong'],
    // The stored answer may be the text and the learner chooses the key.
    ['3', 'KIA 타이거즈', KBO, 'correct'],
    ['2', 'KIA 타이거즈', KBO, 'wrong'],
    ['AWS CodePipeline', '3', AWS, 'correct'],
    ['aws codepipeline', 'C', AWS, 'correct'],
    ['AWS CodeBuild', '3', AWS, 'wrong'],
    // Several choices, by key or by text, in any order.
    ['AWS CodeCommit, AWS CodePipeline', '1,3', AWS, 'correct'],
    ['3, AWS CodeCommit', '1,3', AWS, 'correct'],
    ['AWS CodeCommit', '1,3', AWS, 'wrong'],
    ['b', 'b', MC, 'correct'],
    ['3', 'b', MC, 'correct'],
    ['4', 'c', MC, 'correct'],
    ['2', 'c', MC, 'wrong'],
  ])('%j for %j → %s', (given, correct, content, verdict) => {
    expect(gradeAnswer(given, correct, content).verdict).toBe(verdict);
  });

  it('names the right choice’s text for a near miss', () => {
    expect(gradeAnswer('KIA 타이거스', '3', KBO)).toEqual({ verdict: 'almost', expected: 'KIA 타이거즈' });
  });

  // Choices as people write them; none of them a bare key, so typing one names it by its text.
  const choiceText = fc.constantFrom(
    'KIA 타이거즈',
    '삼성 라이온즈',
    'LG 트윈스',
    'AWS CodeCommit',
    'AWS CodeBuild',
    'AWS CodePipeline',
    '쿠버네티스 파드',
    'ReplicaSet',
    'Deployment',
    '3.14',
    '42',
    'Paris, France',
    '예외 처리',
    'None of the above',
  );
  const choices = fc.uniqueArray(choiceText, { minLength: 2, maxLength: 8, selector: comparableAnswer });

  it('an option’s text graded against the number of the right option is correct iff it is that option (property)', () => {
    fc.assert(
      fc.property(choices, fc.nat(), fc.boolean(), (texts, pick, asKey) => {
        const right = pick % texts.length;
        const content = ['Pick one', ...texts.map((t, i) => `${i + 1}) ${t}`)].join('\n');
        const correct = asKey ? String(right + 1) : texts[right]!;
        texts.forEach((text, i) => {
          expect(isAnswerCorrect(text, correct, content), `${text} for ${correct}`).toBe(i === right);
          expect(gradeAnswer(`${text}.`, correct, content).verdict === 'correct').toBe(i === right);
        });
      }),
    );
  });
});
