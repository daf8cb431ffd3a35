export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

const SPELLINGS: Record<string, Difficulty> = {
  easy: 'Easy',
  쉬움: 'Easy',
  '1': 'Easy',
  '1단계': 'Easy',
  medium: 'Medium',
  보통: 'Medium',
  '2': 'Medium',
  '2단계': 'Medium',
  med: 'Medium',
  'med.': 'Medium',
  hard: 'Hard',
  어려움: 'Hard',
  '3': 'Hard',
  '3단계': 'Hard',
  high: 'Hard',
};

/** docs/product.md#question-files: the known spellings map to Easy/Medium/Hard, anything else is Medium. */
export function normalizeDifficulty(value: unknown): Difficulty {
  const key = String(value ?? '')
    .trim()
    .toLowerCase();
  return SPELLINGS[key] ?? 'Medium';
}
