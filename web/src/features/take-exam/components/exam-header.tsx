import { useTranslation } from 'react-i18next';
import card from '../../../components/ui/card/card.module.css';
import { Switch } from '../../../components/ui/switch/switch.js';
import { formatElapsed } from '../../../lib/format-time.js';
import styles from './take-exam.module.css';

interface ExamHeaderProps {
  title: string;
  current: number;
  total: number;
  answeredCount: number;
  elapsedSeconds: number;
  questionSeconds: number;
  trackProgress: boolean;
  onTrackProgress(value: boolean): void;
  continueMode: boolean;
  completed: boolean;
  singleQuestion: boolean;
}

/** Exam title, n / total with a progress bar, both timers and the track-progress switch. */
export function ExamHeader(props: ExamHeaderProps) {
  const { t } = useTranslation();
  const percent = props.total > 0 ? Math.round((props.answeredCount / props.total) * 100) : 0;
  return (
    <header className={`${card.panel} ${styles.header}`} data-testid="take-exam-header">
      <div className={styles.headerTop}>
        <div>
          <h1 className={styles.examTitle} data-testid="exam-title">
            {props.title}
          </h1>
          <div className={styles.badges}>
            <span className={styles.badge}>{t('takeExam.header.answered', { count: props.answeredCount })}</span>
            {props.singleQuestion && (
              <span className={`${styles.badge} ${styles.badgePrimary}`}>{t('takeExam.singleQuestion.badge')}</span>
            )}
            {props.continueMode && (
              <span className={`${styles.badge} ${styles.badgePrimary}`}>{t('takeExam.header.continueMode')}</span>
            )}
            {props.completed && (
              <span className={`${styles.badge} ${styles.badgeSuccess}`} data-testid="exam-completed">
                {t('takeExam.header.completed')}
              </span>
            )}
          </div>
        </div>
        <span className={styles.progressPill} data-testid="question-progress">
          {t('takeExam.header.progress', { current: props.current, total: props.total })}
        </span>
      </div>
      <div className={styles.progressTrack} aria-hidden="true">
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.headerMeta}>
        <div className={styles.timers} role="timer" aria-live="off">
          <span className={styles.timer}>
            {t('takeExam.header.totalTime')}
            <strong data-testid="total-timer">{formatElapsed(props.elapsedSeconds)}</strong>
          </span>
          <span className={styles.timer}>
            {t('takeExam.header.questionTime')}
            <strong data-testid="question-timer">
              {formatElapsed(Math.min(props.questionSeconds, props.elapsedSeconds))}
            </strong>
          </span>
        </div>
        <div className={styles.trackSwitch}>
          <Switch
            label={t('takeExam.header.trackProgress')}
            checked={props.trackProgress}
            onChange={props.onTrackProgress}
            testId="track-progress"
          />
        </div>
      </div>
    </header>
  );
}
