import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { createExamFromQuestions } from '../api/create-exam-from-questions.js';
import type { RandomExamChoice } from '../components/random-exam-modal.js';
import type { DetailState } from '../utils/detail-state.js';
import { resumeExamPath, startExamPath } from '../utils/exam-links.js';
import type { QuestionRow } from '../utils/question-rows.js';
import type { RunBusy } from './use-busy-runner.js';

interface StartInput {
  examId: string | null;
  username: string;
  state: DetailState;
  shown: QuestionRow[];
  shownSelected: QuestionRow[];
  run: RunBusy;
  /** Asks first when an unfinished sitting of the exam exists (D296). */
  startKnowingly: (examId: string, paths: { resumeTo: string; freshTo: string }) => Promise<unknown>;
}

/**
 * Starting an exam from the table (D63): the exam's own run over the chosen questions — or, when
 * an unfinished sitting of it exists, the learner's choice of continuing it or starting over
 * (D296) — or in favorites mode a new exam of them; and the random exam modal's new exam.
 */
export function useExamStart({ examId, username, state, shown, shownSelected, run, startKnowingly }: StartInput) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [randomOpen, setRandomOpen] = useState(false);

  /** The questions an exam starts with: the selection in table order, else everything shown. */
  const chosenIds = () => (shownSelected.length > 0 ? shownSelected : shown).map((row) => row.id);

  const startExam = () => {
    if (shown.length === 0) {
      toast.error(t('examDetail.errors.noQuestionsShown'));
      return;
    }
    if (examId) {
      void startKnowingly(examId, {
        resumeTo: resumeExamPath(examId, state),
        freshTo: startExamPath(examId, chosenIds(), state, false),
      });
      return;
    }
    void run(async () => {
      const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
      const created = await createExamFromQuestions({
        title: t('examDetail.favorites.examTitle', { username, stamp }),
        questionIds: chosenIds(),
        sourceExamId: null,
        selectionMode: 'manual',
        count: chosenIds().length,
      });
      navigate(`/take-exam/${encodeURIComponent(created.id)}?returnTo=favorites`);
    }, 'examDetail.errors.startFailed');
  };

  const createRandom = (choice: RandomExamChoice) =>
    run(async () => {
      const manual = shownSelected.length > 0;
      const created = await createExamFromQuestions({
        title: choice.title,
        questionIds: chosenIds(),
        sourceExamId: examId,
        selectionMode: manual ? 'manual' : 'random',
        count: choice.count,
        randomOption: choice.randomOption,
      });
      setRandomOpen(false);
      toast.success(t('examDetail.random.created'));
      navigate(
        examId
          ? `/take-exam/${encodeURIComponent(created.id)}?returnTo=exam-detail&examId=${encodeURIComponent(examId)}`
          : `/take-exam/${encodeURIComponent(created.id)}?returnTo=favorites`,
      );
    }, 'examDetail.errors.randomFailed');

  const openRandom = () => {
    if (shown.length === 0 && shownSelected.length === 0) toast.error(t('examDetail.errors.noQuestionsShown'));
    else setRandomOpen(true);
  };

  return { startExam, randomOpen, openRandom, closeRandom: () => setRandomOpen(false), createRandom };
}
