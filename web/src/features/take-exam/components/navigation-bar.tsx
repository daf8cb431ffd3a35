import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import card from '../../../components/ui/card/card.module.css';
import styles from './take-exam.module.css';

interface NavigationBarProps {
  index: number;
  total: number;
  saving: boolean;
  onFirst(): void;
  onPrevious(): void;
  onNext(): void;
  onLast(): void;
  onSave(): void;
  onEnd(): void;
}

/** First / previous / n of total / next (finish on the last question) / last, then Save and End. */
export function NavigationBar(props: NavigationBarProps) {
  const { t } = useTranslation();
  const atStart = props.index <= 0;
  const atEnd = props.index >= props.total - 1;
  const move = `${button.button} ${button.secondary}`;
  return (
    <nav className={`${card.panel} ${styles.nav}`} aria-label={t('takeExam.nav.label')} data-testid="exam-navigation">
      <div className={styles.navMoves}>
        <button
          type="button"
          className={move}
          onClick={props.onFirst}
          disabled={atStart}
          data-testid="nav-first"
          aria-label={t('takeExam.nav.first')}
        >
          «
        </button>
        <button type="button" className={move} onClick={props.onPrevious} disabled={atStart} data-testid="nav-previous">
          ‹ {t('takeExam.nav.previous')}
        </button>
        <span className={styles.navCount} data-testid="nav-count">
          {props.total > 0 ? props.index + 1 : 0} / {props.total}
        </span>
        <button
          type="button"
          className={`${button.button} ${button.primary}`}
          onClick={props.onNext}
          data-testid="nav-next"
        >
          {atEnd ? t('takeExam.nav.finish') : t('takeExam.nav.next')} ›
        </button>
        <button
          type="button"
          className={move}
          onClick={props.onLast}
          disabled={atEnd}
          data-testid="nav-last"
          aria-label={t('takeExam.nav.last')}
        >
          »
        </button>
      </div>
      <div className={styles.navFinish}>
        <button type="button" className={move} onClick={props.onSave} disabled={props.saving} data-testid="save-exam">
          {props.saving ? t('takeExam.nav.saving') : t('takeExam.nav.save')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.dangerOutline}`}
          onClick={props.onEnd}
          disabled={props.saving}
          data-testid="end-exam"
        >
          {t('takeExam.nav.end')}
        </button>
      </div>
    </nav>
  );
}
