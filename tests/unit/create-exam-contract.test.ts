import { describe, expect, it } from 'vitest';
import { createExam } from '#shared/contracts/exam-creation.js';

describe('createExam contract', () => {
  it('normalises the camelCase spellings older clients send', () => {
    const body = createExam.body.parse({
      title: 'T',
      questionCount: 5,
      fileName: 'bank.xlsx',
      wrongQuestionsOnly: true,
    });
    expect(body).toMatchObject({ title: 'T', question_count: 5, file_name: 'bank.xlsx', wrong_questions_only: true });
    expect(body).not.toHaveProperty('questionCount');
    expect(body).not.toHaveProperty('fileName');
    expect(body).not.toHaveProperty('wrongQuestionsOnly');
  });

  it('prefers the snake_case field when both are sent', () => {
    expect(
      createExam.body.parse({ question_count: 3, questionCount: 9, file_name: 'a.xlsx', fileName: 'b.xlsx' }),
    ).toMatchObject({ question_count: 3, file_name: 'a.xlsx' });
  });
});
