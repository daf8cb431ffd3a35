import { useTranslation } from 'react-i18next';
import { ConsentCheck } from '../../../components/ui/form/consent-check.js';
import form from '../../../components/ui/form/form.module.css';
import { Switch } from '../../../components/ui/switch/switch.js';
import type { CreateExamValues } from '../utils/create-exam-rules.js';
import styles from './exams.module.css';

type Flags = Pick<
  CreateExamValues,
  'isPublic' | 'privateConsent' | 'forceAnswer' | 'voiceMode' | 'aiMockInterview' | 'isOriginal'
>;

interface ExamFlagsFieldsetProps {
  values: Flags;
  onChange<K extends keyof Flags>(field: K): (value: Flags[K]) => void;
  /** Publishing may expose a private file's questions: the consent is asked under the public switch. */
  showConsent: boolean;
  /** Only site admins choose original or copy. */
  isAdmin: boolean;
}

/** The exam's flags: public (with the private-questions consent), force answer, voice mode, AI mock interview, original. */
export function ExamFlagsFieldset({ values, onChange, showConsent, isAdmin }: ExamFlagsFieldsetProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.flags}>
      <legend className={form.label}>{t('exams.create.flags')}</legend>
      <Switch
        checked={values.isPublic}
        onChange={onChange('isPublic')}
        label={t('exams.create.isPublic')}
        description={t('exams.create.isPublicHint')}
        testId="create-exam-public"
      />
      {showConsent && (
        <ConsentCheck
          warning={t('exams.create.privateQuestionsWarning')}
          label={t('exams.create.privateQuestionsConfirm')}
          checked={values.privateConsent}
          onChange={onChange('privateConsent')}
          testId="create-exam-private-consent"
        />
      )}
      <Switch
        checked={values.forceAnswer}
        onChange={onChange('forceAnswer')}
        label={t('exams.create.forceAnswer')}
        description={t('exams.create.forceAnswerHint')}
      />
      <Switch
        checked={values.voiceMode}
        onChange={onChange('voiceMode')}
        label={t('exams.create.voiceMode')}
        description={t('exams.create.voiceModeHint')}
      />
      <Switch
        checked={values.aiMockInterview}
        onChange={onChange('aiMockInterview')}
        label={t('exams.create.aiMockInterview')}
        description={t('exams.create.aiMockInterviewHint')}
      />
      {isAdmin && (
        <Switch
          checked={values.isOriginal}
          onChange={onChange('isOriginal')}
          label={t('exams.create.isOriginal')}
          description={t('exams.create.isOriginalHint')}
        />
      )}
    </fieldset>
  );
}
