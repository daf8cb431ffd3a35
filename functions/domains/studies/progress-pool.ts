import { randomInt } from 'node:crypto';
import type { PracticeQuestion } from '#shared/contracts/study-progress.js';
import { MAX_STUDY_TASKS } from '#shared/contracts/studies.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { textFormat } from '#shared/domain/rich-text.js';
import { getExamWithQuestions, type StoredQuestion } from '../exams/index.js';
import { type StudyTaskRecord } from './entities/study-task.js';
import { questionsAtPositions } from '../exams/index.js';

/**
 * The random practice pool of a study (S26, D83): the questions of its task exams, of which the
 * server draws `count` uniformly and answers only those. Exam sizes come from the tasks' snapshots
 * (`exam_total_questions`), so the draw reads only the drawn questions — one BatchGetItem per 100,
 * by exam position — and queries an exam whole only when a drawn position is missing (questions
 * removed since the snapshot).
 */

interface PoolExam {
  examId: string;
  title: string;
  size: number;
}

/** The distinct task exams (first 200 tasks) and their sizes; the study's total is their sum. */
export function practicePool(tasks: StudyTaskRecord[], language: Language): { exams: PoolExam[]; total: number } {
  const byExam = new Map<string, PoolExam>();
  for (const task of tasks.slice(0, MAX_STUDY_TASKS)) {
    if (!task.exam_id || task.exam_total_questions <= 0 || byExam.has(task.exam_id)) continue;
    byExam.set(task.exam_id, {
      examId: task.exam_id,
      title: pickLocalized(task, 'exam_title', language) || task.exam_title,
      size: task.exam_total_questions,
    });
  }
  const exams = [...byExam.values()];
  return { exams, total: exams.reduce((sum, e) => sum + e.size, 0) };
}

/** `count` distinct integers of [0, total), uniformly (Floyd's algorithm: `count` draws whatever `total`). */
export function sampleIndices(count: number, total: number): number[] {
  const chosen = new Set<number>();
  for (let j = total - count; j < total; j++) {
    const t = randomInt(j + 1);
    chosen.add(chosen.has(t) ? j : t);
  }
  return [...chosen];
}

function practiceQuestion(question: StoredQuestion, exam: PoolExam, language: Language): PracticeQuestion {
  const record = question as Record<string, unknown>;
  return {
    id: String(question.id),
    exam_id: exam.examId,
    exam_title: exam.title,
    title: pickLocalized(record, 'title', language),
    content: pickLocalized(record, 'content', language),
    answer: pickLocalized(record, 'answer', language),
    explanation: pickLocalized(record, 'explanation', language),
    format: textFormat(record.format),
    ...(typeof record.cloze === 'number' && typeof record.cloze_note === 'string' && record.cloze_note !== ''
      ? { cloze: record.cloze, cloze_note: record.cloze_note }
      : {}),
  };
}

/** Draws `count` questions (≤ the pool's total) in random order. */
export async function drawPracticeQuestions(
  pool: { exams: PoolExam[]; total: number },
  count: number,
  language: Language,
): Promise<PracticeQuestion[]> {
  const wanted = Math.min(count, pool.total);
  if (wanted <= 0) return [];
  // Index → (exam, position 1..size) through the running sums of the exam sizes.
  const slots = sampleIndices(wanted, pool.total).map((index) => {
    let rest = index;
    for (const exam of pool.exams) {
      if (rest < exam.size) return { exam, position: rest + 1 };
      rest -= exam.size;
    }
    throw new Error('index beyond the pool');
  });
  const found = await questionsAtPositions(slots.map((s) => ({ examId: s.exam.examId, position: s.position })));
  const drawn: PracticeQuestion[] = [];
  const taken = new Set<string>();
  const short = new Map<PoolExam, number>();
  for (const slot of slots) {
    const question = found.get(`${slot.exam.examId}|${slot.position}`);
    if (question && !taken.has(String(question.id))) {
      taken.add(String(question.id));
      drawn.push(practiceQuestion(question, slot.exam, language));
    } else short.set(slot.exam, (short.get(slot.exam) ?? 0) + 1);
  }
  // Positions that no longer hold a question: draw the missing number from the exam as it is now.
  for (const [exam, missing] of short) {
    const { questions } = await getExamWithQuestions(exam.examId);
    const left = questions.filter((q) => !taken.has(String(q.id)));
    for (const index of sampleIndices(Math.min(missing, left.length), left.length)) {
      taken.add(String(left[index]!.id));
      drawn.push(practiceQuestion(left[index]!, exam, language));
    }
  }
  // Batch answers come back in no particular order: shuffle (Fisher–Yates).
  for (let i = drawn.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [drawn[i], drawn[j]] = [drawn[j]!, drawn[i]!];
  }
  return drawn;
}
