import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileAnswer } from '#shared/contracts/profile.js';
import { LIMITS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { Switch } from '../../../components/ui/switch/switch.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { applyQuestionCountChange } from '../../../lib/client-cache.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { updateProfile } from '../api/update-profile.js';
import styles from './profile-page.module.css';

const { min, max } = LIMITS.profileQuestionCount;

interface Props {
  profile: ProfileAnswer;
  username: string;
}

/** Random exam settings: the daily email and its question count (1–50). */
export function RandomExamSection({ profile, username }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [enabled, setEnabled] = useState(profile.random_exam_email_enabled);
  const [count, setCount] = useState(String(profile.random_exam_question_count));
  const [saving, setSaving] = useState(false);

  const parsed = Number(count);
  const valid = count.trim() !== '' && Number.isInteger(parsed) && parsed >= min && parsed <= max;
  const dirty = enabled !== profile.random_exam_email_enabled || parsed !== profile.random_exam_question_count;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSaving(true);
    try {
      const next = await updateProfile({ random_exam_email_enabled: enabled, random_exam_question_count: parsed });
      if (next.random_exam_question_count !== profile.random_exam_question_count) {
        applyQuestionCountChange(username, next.random_exam_question_count);
      }
      setCount(String(next.random_exam_question_count));
      toast.success(t('profile.randomExam.updated'));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.randomExam.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      id="profile-random-exam"
      testId="profile-random-exam"
      title={t('profile.randomExam.title')}
      description={t('profile.randomExam.description')}
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Switch
          checked={enabled}
          onChange={setEnabled}
          label={t('profile.randomExam.emailEnabled')}
          description={t('profile.randomExam.emailEnabledHint')}
          testId="random-exam-email"
        />
        <TextField
          className={styles.countField}
          label={t('profile.randomExam.questionCount')}
          name="random_exam_question_count"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={count}
          onChange={setCount}
          hint={t('profile.randomExam.questionCountHint', { min, max })}
          error={valid ? null : t('profile.randomExam.questionCountInvalid', { min, max })}
        />
        <div className={form.actions}>
          <button type="submit" className={`${button.button} ${button.primary}`} disabled={saving || !valid || !dirty}>
            {saving ? t('profile.saving') : t('profile.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
