import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { closeSitting, loadSitting } from '../api/sitting.js';

export interface SittingOffer {
  examId: string;
  /** Questions answered in the unfinished sitting. */
  answered: number;
  /** Where "continue" goes: the whole exam, which takes the sitting over. */
  resumeTo: string;
  /** Where "start over" goes once the old sitting is closed. */
  freshTo: string;
}

/**
 * Starting an exam knowingly (D296): when the learner has an unfinished sitting of it, they are
 * asked — continue (n answered) or start over, which closes the old sitting and counts its
 * answers first. Without one (or signed out) the exam starts at once.
 */
export function useSittingOffer(signedIn: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [offer, setOffer] = useState<SittingOffer | null>(null);
  const [pending, setPending] = useState(false);

  const start = async (examId: string, paths: { resumeTo: string; freshTo: string }) => {
    if (!signedIn) return navigate(paths.freshTo);
    const sitting = await loadSitting(examId).then(
      (answer) => answer.sitting,
      () => null, // the offer is a courtesy: without an answer the exam starts as asked
    );
    const answered = sitting?.state.answered.length ?? 0;
    if (answered === 0) return navigate(paths.freshTo);
    setOffer({ examId, answered, ...paths });
  };

  const resume = () => offer && navigate(offer.resumeTo);
  const startOver = async () => {
    if (!offer) return;
    setPending(true);
    try {
      await closeSitting(offer.examId);
      navigate(offer.freshTo);
    } catch {
      toast.error(t('takeExam.toasts.restartFailed'));
    } finally {
      setPending(false);
    }
  };

  return { offer, pending, start, resume, startOver, close: () => setOffer(null) };
}
