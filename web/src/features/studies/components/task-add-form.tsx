import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDY_TASK_NAME_MAX, type Study } from '#shared/contracts/studies.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { createStudyTask } from '../api/create-study-task.js';
import type { ExamOption } from '../hooks/use-exam-options.js';
import { parseProgress } from '../utils/create-study-rules.js';
import { ExamSelect } from './exam-select.js';
import styles from './studies.module.css';

/** docs/product.md#study-detail, #studies: a task's name (current language, required), exam (required), progress 0–100 and visibility (the study's by default). */
export function TaskAddForm({ study, examOptions }: { study: Study; examOptions: readonly ExamOption[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const [name, setName] = useState('');
  const [examId, setExamId] = useState('');
  const [progress, setProgress] = useState('0');
  const [isPublic, setIsPublic] = useState(study.is_public ?? true);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return toast.warning(t('studies.tasks.nameRequired'));
    if (!examId) return toast.warning(t('studies.tasks.examRequired'));
    const value = parseProgress(progress);
    if (value === null) return toast.warning(t('studies.tasks.invalidProgress'));
    setPending(true);
    try {
      await createStudyTask({
        study: study.id,
        [language === 'ko' ? 'name_ko' : 'name_en']: name.trim(),
        exam: examId,
        progress: value,
        is_public: isPublic,
      });
      toast.success(t('studies.tasks.added'));
      setName('');
      setExamId('');
      setProgress('0');
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studies.tasks.addFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card id="task-add" title={t('studies.tasks.addTitle')} testId="task-add">
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate data-testid="task-add-form">
        <div className={form.fieldGrid}>
          <TextField
            label={t('studies.tasks.name')}
            value={name}
            maxLength={STUDY_TASK_NAME_MAX}
            onChange={setName}
            data-testid="task-name-input"
          />
          <div className={form.field}>
            <label className={form.label} htmlFor="task-add-exam">
              {t('studies.tasks.exam')}
            </label>
            <ExamSelect
              id="task-add-exam"
              value={examId}
              options={examOptions}
              onChange={setExamId}
              testId="task-exam-select"
            />
          </div>
          <TextField
            type="number"
            min={0}
            max={100}
            label={t('studies.tasks.progress')}
            value={progress}
            onChange={setProgress}
            data-testid="task-progress-input"
          />
          <label className={styles.tagOption}>
            <input
              type="checkbox"
              className={form.checkbox}
              checked={isPublic}
              onChange={(event) => setIsPublic(event.target.checked)}
            />
            {t('studies.tasks.isPublic')}
          </label>
        </div>
        <div className={form.actions}>
          <button
            type="submit"
            className={`${button.button} ${button.primary}`}
            disabled={pending}
            data-testid="task-add-submit"
          >
            {t('studies.tasks.add')}
          </button>
        </div>
      </form>
    </Card>
  );
}
