import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { useNotes } from '../hooks/use-notes.js';
import { CandidateReview } from './candidate-review.js';
import { NotesInput } from './notes-input.js';
import { NotesSaved } from './notes-saved.js';
import styles from './notes.module.css';

/** Questions from notes (docs/product.md#questions-from-notes): paste or upload, review the candidates, save a private question file. */
export function NotesPage() {
  return <SignedInOnly>{() => <Notes />}</SignedInOnly>;
}

function Notes() {
  const { t } = useTranslation();
  const notes = useNotes();
  const { phase } = notes.state;
  return (
    <div className={screen.page} data-testid="notes-page" data-phase={phase}>
      <div className={page.container}>
        <ScreenHeader
          title={t('notes.title')}
          subtitle={t('notes.subtitle')}
          actions={
            <Link to="/question-files" className={`${button.button} ${button.secondary}`}>
              {t('notes.toQuestionFiles')}
            </Link>
          }
        />
        <p className={`${screen.notice} ${styles.tierNotice}`} data-testid="notes-tier-notice">
          {notes.modelOn ? t('notes.tiers.rulesAndModel', { count: notes.modelCallsLeft }) : t('notes.tiers.rulesOnly')}
        </p>
        {(phase === 'input' || phase === 'reading' || phase === 'generating') && <NotesInput notes={notes} />}
        {(phase === 'review' || phase === 'saving') && <CandidateReview notes={notes} />}
        {phase === 'saved' && <NotesSaved notes={notes} />}
      </div>
    </div>
  );
}
