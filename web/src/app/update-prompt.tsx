import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../components/ui/button/button.module.css';
import { updateState } from './service-worker.js';
import styles from './update-prompt.module.css';

/** "New version — reload": shown once a new version of the app waits (service-worker.ts). */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(updateState.subscribe, updateState.waiting, () => false);
  if (!waiting) return null;
  return (
    <div className={styles.prompt} role="status" data-testid="update-prompt">
      <span>{t('app.update.ready')}</span>
      <button
        type="button"
        className={`${button.button} ${button.primary} ${button.small}`}
        onClick={updateState.reload}
        data-testid="update-reload"
      >
        {t('app.update.reload')}
      </button>
    </div>
  );
}
