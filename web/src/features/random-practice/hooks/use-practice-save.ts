import { useCallback, useState } from 'react';
import { savePracticeResult } from '../api/save-practice-result.js';
import { correctCount, type PracticeRun } from '../utils/practice-run.js';

export type PracticeSaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; counted: number } | { kind: 'failed'; retry: () => void };

/**
 * Saves a finished run with its answers (D299) and says what became of them: the summary tells the
 * learner where the answers count, or that the save failed, with a retry that cannot count twice.
 */
export function usePracticeSave() {
  const [state, setState] = useState<PracticeSaveState>({ kind: 'idle' });
  const save = useCallback((studyId: string, run: PracticeRun, elapsed: number) => {
    const body = {
      study_id: studyId,
      correct_count: correctCount(run),
      total_questions: run.questions.length,
      elapsed_seconds: elapsed,
      submission_id: crypto.randomUUID(),
      answers: run.questions
        .filter((q) => run.answers[q.id])
        .map((q) => ({
          exam_id: q.exam_id,
          question_id: q.id,
          answer: run.answers[q.id]!.answer,
          learner_verdict: run.answers[q.id]!.final,
        })),
    };
    const attempt = () => {
      setState({ kind: 'saving' });
      savePracticeResult(body).then(
        (saved) => setState({ kind: 'saved', counted: saved.counted }),
        () => setState({ kind: 'failed', retry: attempt }),
      );
    };
    attempt();
  }, []);
  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, save, reset };
}
