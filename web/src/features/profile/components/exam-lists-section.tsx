import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { useMyExams } from '../../exams/index.js';
import { useSubscribedExams } from '../api/get-subscribed-exams.js';
import { moveExamsToMyExams } from '../api/move-to-my-exams.js';
import { moveExamsToSubscribed } from '../api/move-to-subscribed.js';
import { examDisplayTitle, isDailyQuizExam } from '#shared/domain/exam-title.js';
import { ExamList, type ExamListItem } from './exam-list.js';
import styles from './exam-lists.module.css';
import { toggled } from '../../../lib/selection.js';

/**
 * My Exams and Subscribed Exams with arrow buttons between them (docs/product.md#profile). My Exams leaves out
 * daily quiz exams and the ones already subscribed, so a move shows as a move.
 */
export function ExamListsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const mine = useMyExams();
  const subscribed = useSubscribedExams();
  const [selectedMine, setSelectedMine] = useState<Set<string>>(new Set());
  const [selectedSubscribed, setSelectedSubscribed] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState(false);

  const language = currentLanguage();
  const toItem = (exam: Exam): ExamListItem => ({
    id: exam.id,
    title: examDisplayTitle(exam, language, t('profile.exams.untitled')),
    totalQuestions: exam.total_questions,
  });

  // At most 100 exams a list: cheap enough to derive on every render.
  const subscribedItems = (subscribed.data?.exams ?? []).map(toItem);
  const subscribedIds = new Set(subscribedItems.map((item) => item.id));
  const myItems = (mine.data?.results ?? [])
    .filter((exam) => !isDailyQuizExam(exam) && !subscribedIds.has(exam.id))
    .map(toItem);

  useLoadFailureToast(mine.error, t('profile.exams.myExamsLoadFailed'));
  useLoadFailureToast(subscribed.error, t('profile.exams.subscribedLoadFailed'));

  const move = async (direction: 'toSubscribed' | 'toMyExams') => {
    const ids = [...(direction === 'toSubscribed' ? selectedMine : selectedSubscribed)];
    if (ids.length === 0) {
      toast.warning(t('profile.exams.noneSelected'));
      return;
    }
    setMoving(true);
    try {
      if (direction === 'toSubscribed') {
        await moveExamsToSubscribed(ids);
        setSelectedMine(new Set());
        toast.success(t('profile.exams.movedToSubscribed'));
      } else {
        await moveExamsToMyExams(ids);
        setSelectedSubscribed(new Set());
        toast.success(t('profile.exams.movedToMyExams'));
      }
    } catch (error) {
      const fallback =
        direction === 'toSubscribed'
          ? t('profile.exams.moveToSubscribedFailed')
          : t('profile.exams.moveToMyExamsFailed');
      toast.error(serverDetailOr(error, t, fallback));
    } finally {
      setMoving(false);
    }
  };

  return (
    <Card
      id="profile-exams"
      testId="profile-exams"
      title={t('profile.exams.title')}
      description={t('profile.exams.description')}
    >
      <div className={styles.layout}>
        <ExamList
          testId="my-exams"
          title={t('profile.exams.myExams')}
          items={myItems}
          selected={selectedMine}
          onToggle={(id) => setSelectedMine((set) => toggled(set, id))}
          onToggleAll={(all) => setSelectedMine(new Set(all ? myItems.map((item) => item.id) : []))}
          loading={mine.isLoading || subscribed.isLoading}
          errorText={mine.error ? t('profile.exams.myExamsLoadFailed') : null}
          emptyText={t('profile.exams.emptyMyExams')}
        />
        <div className={styles.arrows}>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${styles.arrow}`}
            onClick={() => void move('toSubscribed')}
            disabled={moving}
            aria-label={t('profile.exams.toSubscribed')}
            title={t('profile.exams.toSubscribed')}
          >
            →
          </button>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${styles.arrow}`}
            onClick={() => void move('toMyExams')}
            disabled={moving}
            aria-label={t('profile.exams.toMyExams')}
            title={t('profile.exams.toMyExams')}
          >
            ←
          </button>
        </div>
        <ExamList
          testId="subscribed-exams"
          title={t('profile.exams.subscribedExams')}
          items={subscribedItems}
          selected={selectedSubscribed}
          onToggle={(id) => setSelectedSubscribed((set) => toggled(set, id))}
          onToggleAll={(all) => setSelectedSubscribed(new Set(all ? subscribedItems.map((item) => item.id) : []))}
          loading={subscribed.isLoading}
          errorText={subscribed.error ? t('profile.exams.subscribedLoadFailed') : null}
          emptyText={t('profile.exams.emptySubscribed')}
        />
      </div>
    </Card>
  );
}

/** One toast per failed load (the inline text stays). */
function useLoadFailureToast(error: unknown, fallback: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      toast.error(serverDetailOr(error, t, fallback));
    }
  }, [error, fallback, t, toast]);
}
