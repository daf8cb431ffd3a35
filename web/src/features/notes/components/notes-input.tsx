import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { FileInput } from '../../../components/ui/form/file-input.js';
import form from '../../../components/ui/form/form.module.css';
import { NOTES_LIMITS } from '../generator/types.js';
import type { LanguageChoice } from '../hooks/notes-state.js';
import type { useNotes } from '../hooks/use-notes.js';
import { NOTES_ACCEPT } from '../utils/read-notes-file.js';
import styles from './notes.module.css';

const LANGUAGES: LanguageChoice[] = ['auto', 'ko', 'en'];

/** The notes: a text area, or a file read into it; the language; the button that runs the rules. */
export function NotesInput({ notes }: { notes: ReturnType<typeof useNotes> }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { state, dispatch } = notes;
  const busy = state.phase !== 'input';
  const words = NOTES_LIMITS.maxWords.toLocaleString(i18n.language);
  return (
    <Card title={t('notes.input.title')} testId="notes-input">
      <form
        className={form.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          notes.generate();
        }}
      >
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-text`}>
            {t('notes.input.text')}
          </label>
          <textarea
            id={`${id}-text`}
            className={`${form.textarea} ${styles.notes}`}
            value={state.text}
            disabled={busy}
            aria-describedby={`${id}-text-hint`}
            onChange={(event) => dispatch({ type: 'textChanged', text: event.target.value })}
            data-testid="notes-text"
          />
          <p id={`${id}-text-hint`} className={form.hint}>
            {state.sourceName
              ? t('notes.input.fromFile', { name: state.sourceName })
              : t('notes.input.textHint', { words })}
          </p>
        </div>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-file`}>
            {t('notes.input.file')}
          </label>
          <FileInput
            id={`${id}-file`}
            accept={NOTES_ACCEPT}
            file={null}
            disabled={busy}
            describedBy={`${id}-file-hint`}
            invalid={state.problem !== null}
            onFileChange={notes.chooseFile}
            testId="notes-file"
          />
          <p id={`${id}-file-hint`} className={form.hint}>
            {t('notes.input.fileHint')}
          </p>
        </div>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-language`}>
            {t('notes.input.language')}
          </label>
          <select
            id={`${id}-language`}
            className={form.select}
            value={state.language}
            disabled={busy}
            onChange={(event) => dispatch({ type: 'languageChanged', language: event.target.value as LanguageChoice })}
            data-testid="notes-language"
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`notes.input.languages.${language}`)}
              </option>
            ))}
          </select>
        </div>
        {state.problem && (
          <p className={form.error} role="alert" data-testid="notes-problem">
            {t(`notes.input.problems.${state.problem}`)}
          </p>
        )}
        {state.phase === 'reading' && (
          <p className={styles.progress} role="status">
            {t('notes.input.reading')}
          </p>
        )}
        {state.modelError && (
          <p className={form.error} role="alert" data-testid="notes-model-error">
            {state.modelError}
          </p>
        )}
        {state.phase === 'generating' && (
          <p className={styles.progress} role="status" data-testid="notes-generating">
            {state.tier === 'model'
              ? t('notes.model.generating')
              : t('notes.input.generating', { percent: Math.round(state.progress * 100) })}
          </p>
        )}
        <div className={form.actions}>
          <button
            type="submit"
            className={`${button.button} ${button.primary}`}
            disabled={busy}
            data-testid="notes-generate"
          >
            {t('notes.input.generate')}
          </button>
          {notes.modelOn && (
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              disabled={busy || notes.modelCallsLeft === 0}
              onClick={notes.generateByModel}
              data-testid="notes-generate-model"
            >
              {t('notes.model.generate')}
            </button>
          )}
        </div>
      </form>
    </Card>
  );
}
