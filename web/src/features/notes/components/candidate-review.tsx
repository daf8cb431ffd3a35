import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { NOTES_LIMITS } from '../generator/types.js';
import { savable } from '../hooks/notes-state.js';
import type { useNotes } from '../hooks/use-notes.js';
import { CandidateItem } from './candidate-item.js';
import styles from './notes.module.css';

/** The proposed questions, to edit, drop or keep, and the file they are saved to. */
export function CandidateReview({ notes }: { notes: ReturnType<typeof useNotes> }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { state, dispatch } = notes;
  const saving = state.phase === 'saving';
  const kept = savable(state).length;
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <section className={styles.review} aria-labelledby={`${id}-title`} aria-busy={saving} data-testid="notes-review">
      <div className={styles.toolbar}>
        <h2 id={`${id}-title`}>
          {t('notes.review.title')}{' '}
          <span data-testid="notes-count">{t('notes.review.count', { count: state.candidates.length, kept })}</span>
        </h2>
        <button
          type="button"
          className={`${button.button} ${button.secondary} ${button.small}`}
          disabled={saving}
          onClick={() => dispatch({ type: 'allKept', kept: true })}
        >
          {t('notes.review.keepAll')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.secondary} ${button.small}`}
          disabled={saving}
          onClick={() => dispatch({ type: 'allKept', kept: false })}
        >
          {t('notes.review.dropAll')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.ghost} ${button.small}`}
          disabled={saving}
          onClick={() => dispatch({ type: 'backToInput' })}
          data-testid="notes-back"
        >
          {t('notes.review.back')}
        </button>
      </div>
      {state.cappedFrom !== null && (
        <p className={styles.notice} role="status" data-testid="notes-capped">
          {t('notes.review.capped', { words: number(state.cappedFrom), max: number(NOTES_LIMITS.maxWords) })}
        </p>
      )}
      {state.tier === 'model' && state.modelDropped > 0 && (
        <p className={styles.notice} data-testid="notes-model-dropped">
          {t('notes.model.dropped', { count: state.modelDropped })}
        </p>
      )}
      {state.candidatesCapped && (
        <p className={styles.notice}>
          {t('notes.review.candidatesCapped', { max: number(NOTES_LIMITS.maxCandidates) })}
        </p>
      )}
      <ol className={styles.list}>
        {state.candidates.map((candidate, index) => (
          <CandidateItem
            key={candidate.id}
            candidate={candidate}
            number={index + 1}
            disabled={saving}
            dispatch={dispatch}
          />
        ))}
      </ol>
      <form
        className={form.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          notes.save();
        }}
      >
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-name`}>
            {t('notes.save.fileName')}
          </label>
          <input
            id={`${id}-name`}
            className={form.input}
            value={state.fileName}
            maxLength={200}
            disabled={saving}
            aria-describedby={`${id}-name-hint`}
            onChange={(event) => dispatch({ type: 'fileNameChanged', fileName: event.target.value })}
            data-testid="notes-file-name"
          />
          <p id={`${id}-name-hint`} className={form.hint}>
            {t('notes.save.fileNameHint')}
          </p>
        </div>
        {state.saveError && (
          <p className={form.error} role="alert" data-testid="notes-save-error">
            {state.saveError}
          </p>
        )}
        <div className={form.actions}>
          <button
            type="submit"
            className={`${button.button} ${button.primary}`}
            disabled={saving || kept === 0}
            data-testid="notes-save"
          >
            {saving ? t('notes.save.saving') : t('notes.save.submit', { count: kept })}
          </button>
        </div>
      </form>
    </section>
  );
}
