import type { PracticeQuestion } from '#shared/contracts/study-progress.js';
import type { ReviewEntry } from '../../take-exam/index.js';

/** One graded answer of a practice run (`final` is the verdict after any overrule). */
export interface PracticeAnswer {
  answer: string;
  final: 'correct' | 'wrong';
}

export interface PracticeRun {
  questions: PracticeQuestion[];
  index: number;
  answers: Record<string, PracticeAnswer>;
  startedAt: number;
}

export function startRun(questions: PracticeQuestion[], now: number): PracticeRun {
  return { questions, index: 0, answers: {}, startedAt: now };
}

export function correctCount(run: PracticeRun): number {
  return Object.values(run.answers).filter((answer) => answer.final === 'correct').length;
}

/** The run's answers as the summary lists them (a skipped question is a miss with no answer). */
export function practiceEntries(run: PracticeRun): ReviewEntry[] {
  return run.questions.slice(0, Math.max(run.index, Object.keys(run.answers).length)).map((question) => {
    const given = run.answers[question.id];
    return {
      questionId: question.id,
      title: question.title,
      text: question.content,
      answer: given?.answer ?? '',
      correct: given?.final === 'correct',
      correctAnswer: question.answer,
      explanation: question.explanation,
      format: question.format ?? ('plain' as const),
    };
  });
}

/** The questions missed (or skipped) in the run, for "retry the missed ones". */
export function missedQuestions(run: PracticeRun): PracticeQuestion[] {
  const shown = new Set(practiceEntries(run).map((entry) => entry.questionId));
  return run.questions.filter((question) => shown.has(question.id) && run.answers[question.id]?.final !== 'correct');
}
