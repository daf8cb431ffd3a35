import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDY_GOAL_MAX, STUDY_TITLE_MAX } from '#shared/contracts/studies.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { createStudy } from '../api/create-study.js';
import {
  createStudyBody,
  emptyStudyDraft,
  studyTitleError,
  type StudyDraft,
  type StudyTitleError,
  type TitledStudy,
} from '../utils/create-study-rules.js';
import styles from './studies.module.css';

interface Props {
  /** The studies on screen: a new title must not repeat one of them (docs/product.md#studies). */
  loaded: readonly TitledStudy[];
  onCreated(): void;
}

/** docs/product.md#study-list, #studies: title (current language, required, no duplicate), goal, period and visibility. */
export function CreateStudyForm({ loaded, onCreated }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [draft, setDraft] = useState<StudyDraft>(() => emptyStudyDraft());
  const [titleError, setTitleError] = useState<StudyTitleError | undefined>();
  const [pending, setPending] = useState(false);
  const set = <K extends keyof StudyDraft>(key: K, value: StudyDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const error = studyTitleError(draft.title, loaded);
    setTitleError(error);
    if (error) return;
    if (draft.end_date && draft.start_date && draft.end_date < draft.start_date)
      return toast.warning(t('studies.create.endBeforeStart'));
    setPending(true);
    try {
      await createStudy(createStudyBody(draft, currentLanguage()));
      toast.success(t('studies.create.created'));
      setDraft(emptyStudyDraft());
      onCreated();
    } catch (failure) {
      toast.error(serverDetailOr(failure, t, t('studies.create.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={form.form} onSubmit={(event) => void submit(event)} noValidate data-testid="create-study-form">
      <div className={form.fieldGrid}>
        <TextField
          className={form.wide}
          label={t('studies.create.title')}
          value={draft.title}
          maxLength={STUDY_TITLE_MAX}
          onChange={(value) => {
            set('title', value);
            setTitleError(undefined); // docs/product.md#studies: the title error clears on input
          }}
          error={titleError ? t(`studies.create.${titleError}`) : null}
          data-testid="study-title-input"
        />
        <div className={`${form.field} ${form.wide}`}>
          <label className={form.label} htmlFor="create-study-goal">
            {t('studies.create.goal')}
          </label>
          <textarea
            id="create-study-goal"
            className={`${form.input} ${form.textarea}`}
            value={draft.goal}
            maxLength={STUDY_GOAL_MAX}
            onChange={(event) => set('goal', event.target.value)}
            data-testid="study-goal-input"
          />
        </div>
        <TextField
          type="date"
          label={t('studies.create.startDate')}
          value={draft.start_date}
          onChange={(value) => set('start_date', value)}
          data-testid="study-start-input"
        />
        <TextField
          type="date"
          label={t('studies.create.endDate')}
          value={draft.end_date}
          onChange={(value) => set('end_date', value)}
          data-testid="study-end-input"
        />
        <label className={styles.tagOption}>
          <input
            type="checkbox"
            className={form.checkbox}
            checked={draft.is_public}
            onChange={(event) => set('is_public', event.target.checked)}
            data-testid="study-public-input"
          />
          {t('studies.create.isPublic')}
        </label>
      </div>
      <div className={form.actions}>
        <button
          type="submit"
          className={`${button.button} ${button.primary}`}
          disabled={pending}
          data-testid="create-study-submit"
        >
          {pending ? t('studies.create.creating') : t('studies.create.submit')}
        </button>
      </div>
    </form>
  );
}
