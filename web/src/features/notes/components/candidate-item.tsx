import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import badge from '../../../components/ui/badge/badge.module.css';
import form from '../../../components/ui/form/form.module.css';
import type { EditableCandidate, NotesAction } from '../hooks/notes-state.js';
import styles from './notes.module.css';

/** One candidate: keep it or not, its kind and tier, the question and answer to edit, its source. */
export function CandidateItem({
  candidate,
  number,
  disabled,
  dispatch,
}: {
  candidate: EditableCandidate;
  number: number;
  disabled: boolean;
  dispatch(action: NotesAction): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const gapped = candidate.kind === 'cloze' || candidate.kind === 'list';
  return (
    <li
      className={`${styles.candidate} ${candidate.kept ? '' : styles.dropped}`}
      aria-labelledby={`${id}-title`}
      data-testid="notes-candidate"
      data-kind={candidate.kind}
      data-tier={candidate.tier}
    >
      <div className={styles.candidateHead}>
        <label className={styles.keep}>
          <input
            type="checkbox"
            className={form.checkbox}
            checked={candidate.kept}
            disabled={disabled}
            onChange={(event) => dispatch({ type: 'kept', id: candidate.id, kept: event.target.checked })}
            data-testid="notes-candidate-keep"
          />
          <span id={`${id}-title`}>{t('notes.review.item', { number })}</span>
        </label>
        <span className={`${badge.badge} ${badge.neutral}`}>{t(`notes.review.kinds.${candidate.kind}`)}</span>
        <span
          className={`${badge.badge} ${candidate.tier === 'rules' ? badge.primary : badge.violet}`}
          data-testid="notes-candidate-tier"
        >
          {t('notes.tiers.madeBy', { tier: t(`notes.tiers.${candidate.tier}`) })}
        </span>
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-question`}>
          {t('notes.review.question')}
        </label>
        <textarea
          id={`${id}-question`}
          className={`${form.textarea} ${styles.question}`}
          rows={candidate.kind === 'list' ? 3 : 2}
          value={candidate.content}
          disabled={disabled}
          onChange={(event) => dispatch({ type: 'edited', id: candidate.id, content: event.target.value })}
          data-testid="notes-candidate-question"
        />
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-answer`}>
          {gapped ? t('notes.review.answers') : t('notes.review.answer')}
        </label>
        <input
          id={`${id}-answer`}
          className={form.input}
          value={candidate.answers.join(', ')}
          readOnly={gapped}
          disabled={disabled}
          aria-describedby={gapped ? `${id}-gaps` : undefined}
          onChange={(event) => dispatch({ type: 'edited', id: candidate.id, answer: event.target.value })}
          data-testid="notes-candidate-answer"
        />
        {gapped && (
          <p id={`${id}-gaps`} className={form.hint}>
            {t('notes.review.clozeHint', { example: '{{c1::…}}' })}
          </p>
        )}
      </div>
      <p className={styles.source}>{t('notes.review.source', { source: candidate.source })}</p>
    </li>
  );
}
