import { useTranslation } from 'react-i18next';
import styles from './take-exam.module.css';

/** The take-exam keyboard shortcuts, written on the screen (folded, so it costs one line). */
export function ShortcutsHelp() {
  const { t } = useTranslation();
  return (
    <details className={styles.shortcuts} data-testid="shortcuts-help">
      <summary>{t('takeExam.shortcuts.title')}</summary>
      <ul>
        <li>{t('takeExam.shortcuts.next')}</li>
        <li>{t('takeExam.shortcuts.tab')}</li>
        <li>{t('takeExam.shortcuts.escape')}</li>
      </ul>
    </details>
  );
}
