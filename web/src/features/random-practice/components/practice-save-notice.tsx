import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import type { PracticeSaveState } from '../hooks/use-practice-save.js';
import styles from './random-practice.module.css';

/** Where the run's answers went (D299), or that they were not saved, with a retry. */
export function PracticeSaveNotice({ state }: { state: PracticeSaveState }) {
  const { t } = useTranslation();
  if (state.kind === 'idle') return null;
  if (state.kind === 'failed')
    return (
      <p
        className={`${screen.notice} ${screen.warningNotice} ${styles.saveNotice}`}
        role="alert"
        data-testid="practice-save-notice"
      >
        {t('randomPractice.saved.failed')}{' '}
        <button type="button" className={`${button.button} ${button.small} ${button.secondary}`} onClick={state.retry}>
          {t('randomPractice.saved.retry')}
        </button>
      </p>
    );
  return (
    <p
      className={`${screen.notice} ${styles.saveNotice}`}
      role="status"
      data-testid="practice-save-notice"
      data-state={state.kind}
    >
      {state.kind === 'saving' ? (
        t('randomPractice.saved.saving')
      ) : (
        <>
          {t('randomPractice.saved.counted', { count: state.counted })}{' '}
          <Link to="/results">{t('randomPractice.saved.results')}</Link>
        </>
      )}
    </p>
  );
}
