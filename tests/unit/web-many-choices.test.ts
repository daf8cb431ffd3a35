import { describe, expect, it } from 'vitest';
import { gradeAnswer, hasChoiceOptions } from '#shared/domain/answer-check.js';
import { QUESTION_SHEET_LIMITS, contentWithChoices, normalizeRows } from '#shared/domain/question-sheet.js';
import { choiceOptions, contentWithoutOptions, detectInputForm, shownTexts } from '#shared/domain/input-form.js';

/** More than four choices (Option 1..20): kept by the importer, shown as choices, graded. */
describe('questions with more than four choices', () => {
  const header = ['Question', 'Answer', ...Array.from({ length: 22 }, (_, i) => `Option ${i + 1}`)];
  const choices = Array.from({ length: 22 }, (_, i) => `choice ${i + 1}`);

  it('keeps Option 1..20 as choices and the rest in the explanation; an answer naming choice 12 becomes 12', () => {
    const outcome = normalizeRows([['Pick twelve', 'choice 12', ...choices]], {
      roles: ['content', 'answer', ...header.slice(2).map(() => 'option' as const)],
      names: header,
      headerless: false,
    });
    if (!outcome.ok) throw new Error(outcome.code);
    const [q] = outcome.questions;
    expect(q!.content.split('\n')).toHaveLength(1 + QUESTION_SHEET_LIMITS.maxChoices);
    expect(q!.content).toContain('\n20) choice 20');
    expect(q!.answer).toBe('12');
    expect(q!.explanation).toBe('21) choice 21\n22) choice 22');
  });

  it('the take-exam screen lists all of them and grades the chosen one', () => {
    const content = contentWithChoices('Pick twelve', choices.slice(0, 12));
    expect(hasChoiceOptions(content)).toBe(true);
    expect(detectInputForm(content, '12')).toBe('radio');
    expect(choiceOptions(content).map((o) => o.key)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect(contentWithoutOptions(content)).toBe('Pick twelve');
    expect(gradeAnswer('12', '12', content).verdict).toBe('correct');
    expect(gradeAnswer('2', '12', content).verdict).toBe('wrong');
    expect(gradeAnswer('1,12', '1, 12', content).verdict).toBe('correct');
  });
});

/** The texts a card shows, which the exam read renders and take-exam looks up (D263). */
describe('shownTexts', () => {
  it('gives a choice question its text without the choices, then the answer and the explanation', () => {
    expect(
      shownTexts({ content: '고르시오 *하나*\nA. 첫째\nB. 둘째', answer: 'A', explanation: '`A` 입니다' }),
    ).toEqual(['고르시오 *하나*', 'A', '`A` 입니다']);
  });

  it('keeps a typed question whole and leaves blank texts out', () => {
    expect(shownTexts({ content: '$x^2$ 의 미분은?', answer: '2x', explanation: '  ' })).toEqual([
      '$x^2$ 의 미분은?',
      '2x',
    ]);
    expect(shownTexts({})).toEqual([]);
  });
});
