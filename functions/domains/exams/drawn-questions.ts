import { randomInt } from 'node:crypto';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import type { RandomOption } from '#shared/contracts/exam-creation.js';
import type { Difficulty } from '#shared/domain/difficulty.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { getFiles, poolQuestionsAt, type FileRecord } from '../files/index.js';
import { type QuestionStat, allStats, statsForFile } from '../learning/index.js';
import type { StoredQuestion } from './exam-store.js';
import { POOL_ID, isPrivateFile, type Selection } from './question-selection.js';

/** Questions drawn for a new exam: at random from a file's pool, or from the caller's wrong answers (random_option). */

/** Fisher–Yates on a copy, then the first n. */
export function sample<T>(items: readonly T[], n: number): T[] {
  const copy = [...items];
  const take = Math.min(n, copy.length);
  for (let i = 0; i < take; i++) {
    const j = i + randomInt(copy.length - i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, take);
}

const wrongCount = (s: QuestionStat) => Math.max(0, Number(s.total_attempts ?? 0) - Number(s.correct_attempts ?? 0));
const accuracy = (s: QuestionStat) =>
  Number(s.total_attempts) > 0 ? Number(s.correct_attempts ?? 0) / Number(s.total_attempts) : 1;

/** most_wrong: most wrong answers first, then lowest accuracy, then most attempts. */
export function byMostWrong(a: QuestionStat, b: QuestionStat): number {
  return (
    wrongCount(b) - wrongCount(a) || accuracy(a) - accuracy(b) || Number(b.total_attempts) - Number(a.total_attempts)
  );
}

function pickFromStats(stats: QuestionStat[], option: RandomOption, count: number): QuestionStat[] {
  const wrong = stats.filter((s) => wrongCount(s) > 0);
  return option === 'most_wrong' ? [...wrong].sort(byMostWrong).slice(0, count) : sample(wrong, count);
}

/** The files of pooled questions, for their visibility: 1 BatchGet per 100 files. */
async function filesOf(questions: StoredQuestion[]): Promise<FileRecord[]> {
  const ids = [...new Set(questions.map((q) => String(q.file_id ?? '')).filter(Boolean))];
  return getFiles(ids);
}

/** From a file: random over the (difficulty-filtered) pool, or from the caller's history in it. */
export async function drawFromFile(
  file: FileRecord,
  caller: CallerUser,
  option: RandomOption,
  difficulty: Difficulty | null,
  count: number,
): Promise<Selection> {
  const letters = file.difficulties ?? '';
  const allowed = (order: number) => !difficulty || letters[order - 1] === difficulty[0];
  if (option === 'random') {
    const orders: number[] = [];
    for (let order = 1; order <= file.max_questions; order++) if (allowed(order)) orders.push(order);
    const chosen = sample(orders, count);
    return {
      questions: await poolQuestionsAt(chosen.map((order) => ({ fileId: file.id, order }))),
      file,
      hasPrivateQuestions: isPrivateFile(file),
    };
  }
  const stats = (await statsForFile(caller.id, file.id)).filter((s) => {
    const match = POOL_ID.exec(String(s.question_id));
    return !!match && allowed(Number(match[2]));
  });
  const chosen = pickFromStats(stats, option, count);
  const pairs = chosen
    .map((s) => POOL_ID.exec(String(s.question_id))!)
    .map((m) => ({ fileId: m[1]!, order: Number(m[2]) }));
  return { questions: await poolQuestionsAt(pairs), file, hasPrivateQuestions: isPrivateFile(file) };
}

/** No file: wrong_only / most_wrong draw from the caller's whole history; random has no pool. */
export async function drawFromHistory(
  caller: CallerUser,
  option: RandomOption,
  difficulty: Difficulty | null,
  count: number,
): Promise<Selection> {
  if (option === 'random') return { questions: [], file: null, hasPrivateQuestions: false };
  const stats = await allStats(caller.id);
  const ordered =
    option === 'most_wrong'
      ? stats.filter((s) => wrongCount(s) > 0).sort(byMostWrong)
      : sample(
          stats.filter((s) => wrongCount(s) > 0),
          stats.length,
        );
  const pairs = ordered
    .map((s) => POOL_ID.exec(String(s.question_id)))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ fileId: m[1]!, order: Number(m[2]) }));
  // Difficulty is only known once fetched: read a few more than asked for when filtering.
  const wanted = Math.min(pairs.length, MAX_EXAM_QUESTIONS, difficulty ? count * 3 : count);
  let questions = await poolQuestionsAt(pairs.slice(0, wanted));
  if (difficulty) questions = questions.filter((q) => q.difficulty === difficulty);
  const chosen = questions.slice(0, count);
  return { questions: chosen, file: null, hasPrivateQuestions: (await filesOf(chosen)).some(isPrivateFile) };
}
