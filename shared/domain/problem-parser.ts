/**
 * docs/product.md#creating-exams problem parser (leetcode and local/development hosts; runs in the browser): pasted
 * lines become problems, and each problem becomes a question (csv_id, title, content = title,
 * answer "Y", lower-case difficulty, url).
 */

export const PROBLEM_DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'Unknown'] as const;
export type ProblemDifficulty = (typeof PROBLEM_DIFFICULTIES)[number];

/** docs/product.md#creating-exams parsed problem. */
export interface ParsedProblem {
  id: string;
  title: string;
  difficulty: ProblemDifficulty;
  url: string;
  acceptance_rate: string | null;
  error: string | null;
}

/** How far below a title line its url and difficulty may be. */
const LOOKAHEAD_LINES = 3;
const TITLE_LINE = /^\s*(\d+)\.\s+(.+?)\s*$/;
const URL_LINE = /^\s*@(\S+)\s*$/;
const DIFFICULTY_LINE = /^\s*(easy|med\.?|medium|hard)\s*$/i;
const ACCEPTANCE_LINE = /^\s*(\d{1,3}(?:\.\d+)?%)\s*$/;

export function normalizeProblemDifficulty(word: string | null | undefined): ProblemDifficulty {
  const key = (word ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (key === 'easy') return 'Easy';
  if (key === 'med' || key === 'medium') return 'Medium';
  if (key === 'hard') return 'Hard';
  return 'Unknown';
}

/** "Two Sum" → two-sum: lower case, every run of other characters one hyphen. */
export function titleSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The leetcode problem page of a title; empty when the title has no slug (e.g. only Hangul). */
export function problemUrl(title: string): string {
  const slug = titleSlug(title);
  return slug ? `https://leetcode.com/problems/${slug}/` : '';
}

export function parseProblems(text: string): ParsedProblem[] {
  const lines = text.split(/\r?\n/);
  const problems: ParsedProblem[] = [];
  for (let i = 0; i < lines.length; i++) {
    const title = TITLE_LINE.exec(lines[i]!);
    if (!title) continue;
    let url = '';
    let difficulty: string | null = null;
    let acceptance: string | null = null;
    for (let j = i + 1; j <= i + LOOKAHEAD_LINES && j < lines.length; j++) {
      const line = lines[j]!;
      if (TITLE_LINE.test(line)) break;
      url ||= URL_LINE.exec(line)?.[1] ?? '';
      difficulty ??= DIFFICULTY_LINE.exec(line)?.[1] ?? null;
      acceptance ??= ACCEPTANCE_LINE.exec(line)?.[1] ?? null;
    }
    const name = title[2]!;
    const builtUrl = url || problemUrl(name);
    problems.push({
      id: title[1]!,
      title: name,
      difficulty: normalizeProblemDifficulty(difficulty),
      url: builtUrl,
      acceptance_rate: acceptance,
      error: builtUrl ? null : 'no_url',
    });
  }
  return problems;
}

/** What the add-question call (and create-exam's `parsed_problems` server side) makes of a problem. */
export function problemQuestion(problem: Pick<ParsedProblem, 'id' | 'title' | 'difficulty' | 'url'>) {
  return {
    csv_id: String(problem.id),
    title: problem.title,
    content: problem.title,
    answer: 'Y',
    difficulty: problem.difficulty.toLowerCase(),
    url: problem.url || problemUrl(problem.title),
  };
}

/** The sample text pre-filled in the paste box. */
export const SAMPLE_PROBLEMS_TEXT = [
  '1. Two Sum',
  'Easy',
  '55.2%',
  '',
  '2. Add Two Numbers',
  '@https://leetcode.com/problems/add-two-numbers/',
  'Medium',
  '',
  '4. Median of Two Sorted Arrays',
  'Hard',
].join('\n');
