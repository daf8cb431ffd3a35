import { describe, expect, it } from 'vitest';
import {
  normalizeProblemDifficulty,
  parseProblems,
  problemQuestion,
  problemUrl,
  SAMPLE_PROBLEMS_TEXT,
} from '#shared/domain/problem-parser.js';

describe('problem parser (docs/product.md#creating-exams)', () => {
  it('reads number, dot, space, title with an optional @url and a difficulty within the next 3 lines', () => {
    const problems = parseProblems(
      [
        '1. Two Sum',
        'Easy',
        '55.2%',
        '',
        '2. Add Two Numbers',
        '@https://example.com/atn',
        'Med.',
        'junk',
        '3. LRU Cache',
        'a',
        'b',
        'c',
        'Hard',
      ].join('\n'),
    );
    expect(problems).toEqual([
      {
        id: '1',
        title: 'Two Sum',
        difficulty: 'Easy',
        url: 'https://leetcode.com/problems/two-sum/',
        acceptance_rate: '55.2%',
        error: null,
      },
      {
        id: '2',
        title: 'Add Two Numbers',
        difficulty: 'Medium',
        url: 'https://example.com/atn',
        acceptance_rate: null,
        error: null,
      },
      // "Hard" is the 4th line below: out of reach, so Unknown
      {
        id: '3',
        title: 'LRU Cache',
        difficulty: 'Unknown',
        url: 'https://leetcode.com/problems/lru-cache/',
        acceptance_rate: null,
        error: null,
      },
    ]);
  });

  it("does not take the next problem's lines for its own", () => {
    const [first, second] = parseProblems('10. A\n11. B\nHard');
    expect(first!.difficulty).toBe('Unknown');
    expect(second!.difficulty).toBe('Hard');
  });

  it('normalises difficulty words', () => {
    expect(['easy', 'MED', 'Med.', 'medium', 'Hard', 'x', ''].map(normalizeProblemDifficulty)).toEqual([
      'Easy',
      'Medium',
      'Medium',
      'Medium',
      'Hard',
      'Unknown',
      'Unknown',
    ]);
  });

  it('builds the url from the title slug and flags a title without one', () => {
    expect(problemUrl('Best Time to Buy & Sell Stock (II)')).toBe(
      'https://leetcode.com/problems/best-time-to-buy-sell-stock-ii/',
    );
    expect(parseProblems('5. 한글')[0]).toMatchObject({ url: '', error: 'no_url' });
  });

  it('turns a problem into a question: content = title, answer Y, difficulty lower-cased', () => {
    const [problem] = parseProblems(SAMPLE_PROBLEMS_TEXT);
    expect(problemQuestion(problem!)).toEqual({
      csv_id: '1',
      title: 'Two Sum',
      content: 'Two Sum',
      answer: 'Y',
      difficulty: 'easy',
      url: 'https://leetcode.com/problems/two-sum/',
    });
    expect(parseProblems(SAMPLE_PROBLEMS_TEXT)).toHaveLength(3);
  });
});
