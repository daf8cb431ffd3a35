import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { ImportReport } from '../../question-files/index.js';
import type { useNotes } from '../hooks/use-notes.js';
import styles from './notes.module.css';

/** The saved file: the import's counts and report, as after any question file upload. */
export function NotesSaved({ notes }: { notes: ReturnType<typeof useNotes> }) {
  const { t } = useTranslation();
  const { saved } = notes.state;
  if (!saved) return null;
  return (
    <Card title={t('notes.save.saved', { name: saved.name })} testId="notes-saved">
      <div className={styles.saved} role="status">
        <p className={styles.notice} data-testid="notes-saved-stats">
          {notes.statsLine(saved.stats)}
        </p>
        <ImportReport report={saved.report} />
      </div>
      <div className={form.actions}>
        <Link to="/question-files" className={`${button.button} ${button.primary}`} data-testid="notes-open-files">
          {t('notes.save.open')}
        </Link>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={() => notes.dispatch({ type: 'restarted' })}
        >
          {t('notes.save.again')}
        </button>
      </div>
    </Card>
  );
}
