import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import type { Language } from '#shared/domain/language.js';
import { pickLocalized } from '#shared/domain/language.js';
import button from '../../../components/ui/button/button.module.css';
import card from '../../../components/ui/card/card.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Switch } from '../../../components/ui/switch/switch.js';
import { ConsentCheck } from '../../../components/ui/form/consent-check.js';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { formatCompletedAt } from '../../../lib/format-time.js';
import { updateExamInfo } from '../api/update-exam-info.js';
import styles from './exam-detail.module.css';

interface Props {
  exam: Exam;
  language: Language;
  canEdit: boolean;
}

type Panel = 'collapsed' | 'expanded' | 'editing';

interface Draft {
  title: string;
  description: string;
  version: string;
  createdAt: string;
  isPublic: boolean;
  forceAnswer: boolean;
  voiceMode: boolean;
  aiMockInterview: boolean;
  /** The owner's consent to publish questions of a private file (asked only when that is what saving does). */
  privateConsent: boolean;
}

function draftOf(exam: Exam, language: Language): Draft {
  return {
    title: pickLocalized(exam as Record<string, unknown>, 'title', language),
    description: pickLocalized(exam as Record<string, unknown>, 'description', language),
    version: String(exam.version_number ?? 1),
    createdAt: (exam.created_at ?? '').slice(0, 10),
    isPublic: exam.is_public ?? false,
    forceAnswer: exam.force_answer ?? false,
    voiceMode: exam.voice_mode_enabled ?? false,
    aiMockInterview: exam.ai_mock_interview ?? false,
    privateConsent: false,
  };
}

/**
 * The exam info card (docs/product.md#exam-detail): collapsed, expanded, or editing — edit only when expanded and
 * for an admin, study admin or the creator. Saving leaves edit mode.
 */
export function ExamInfoCard({ exam, language, canEdit }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [panel, setPanel] = useState<Panel>('collapsed');
  const [draft, setDraft] = useState<Draft>(() => draftOf(exam, language));
  const [saving, setSaving] = useState(false);
  const versionValid = /^\d+$/.test(draft.version) && Number(draft.version) >= 1;
  const publishesPrivate = draft.isPublic && !exam.is_public && !!exam.has_private_questions;

  const startEdit = () => {
    setDraft(draftOf(exam, language));
    setPanel('editing');
  };

  const save = async () => {
    if (!versionValid || !draft.title.trim()) return;
    setSaving(true);
    try {
      await updateExamInfo(exam.id, {
        title: draft.title.trim(),
        description: draft.description,
        version_number: Number(draft.version),
        ...(draft.createdAt ? { created_at: new Date(`${draft.createdAt}T00:00:00Z`).toISOString() } : {}),
        is_public: draft.isPublic,
        ...(publishesPrivate && draft.privateConsent ? { confirm_private_questions: true } : {}),
        force_answer: draft.forceAnswer,
        voice_mode_enabled: draft.voiceMode,
        ai_mock_interview: draft.aiMockInterview,
      });
      toast.success(t('examDetail.info.saved'));
      setPanel('expanded');
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('examDetail.info.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const flag = (value: boolean | undefined) => t(value ? 'examDetail.info.on' : 'examDetail.info.off');
  const description = pickLocalized(exam as Record<string, unknown>, 'description', language);

  return (
    <section className={`${card.panel} ${styles.card}`} aria-labelledby={`${id}-title`} data-testid="exam-info-card">
      <div className={styles.cardHeader}>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          {t('examDetail.info.title')}
        </h2>
        <div className={styles.cardActions}>
          {panel === 'expanded' && canEdit && (
            <button
              type="button"
              className={`${button.button} ${button.secondary} ${button.small}`}
              onClick={startEdit}
              data-testid="exam-info-edit"
            >
              {t('examDetail.info.edit')}
            </button>
          )}
          <button
            type="button"
            className={`${button.button} ${button.ghost} ${button.small}`}
            aria-expanded={panel !== 'collapsed'}
            onClick={() => setPanel(panel === 'collapsed' ? 'expanded' : 'collapsed')}
            data-testid="exam-info-toggle"
          >
            {t(panel === 'collapsed' ? 'examDetail.info.show' : 'examDetail.info.hide')}
          </button>
        </div>
      </div>
      {panel === 'expanded' && (
        <dl className={styles.infoList} data-testid="exam-info-details">
          <dt>{t('examDetail.info.description')}</dt>
          <dd>{description || '—'}</dd>
          <dt>{t('examDetail.info.version')}</dt>
          <dd>{exam.version_number ?? 1}</dd>
          <dt>{t('examDetail.info.createdAt')}</dt>
          <dd>{exam.created_at ? formatCompletedAt(exam.created_at, language) : '—'}</dd>
          <dt>{t('examDetail.info.createdBy')}</dt>
          <dd>{exam.created_by?.username ?? '—'}</dd>
          <dt>{t('examDetail.info.public')}</dt>
          <dd>{flag(exam.is_public)}</dd>
          <dt>{t('examDetail.info.forceAnswer')}</dt>
          <dd>{flag(exam.force_answer)}</dd>
          <dt>{t('examDetail.info.voiceMode')}</dt>
          <dd>{flag(exam.voice_mode_enabled)}</dd>
          <dt>{t('examDetail.info.aiMockInterview')}</dt>
          <dd>{flag(exam.ai_mock_interview)}</dd>
        </dl>
      )}
      {panel === 'editing' && (
        <form
          className={styles.infoForm}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          data-testid="exam-info-form"
        >
          <TextField
            label={t('examDetail.info.titleField')}
            value={draft.title}
            onChange={(title) => setDraft({ ...draft, title })}
            required
            maxLength={200}
          />
          <div className={form.field}>
            <label className={form.label} htmlFor={`${id}-description`}>
              {t('examDetail.info.description')}
            </label>
            <textarea
              id={`${id}-description`}
              className={`${form.input} ${styles.textarea}`}
              value={draft.description}
              onChange={(event) => setDraft({ ...draft, description: event.target.value })}
            />
          </div>
          <div className={styles.infoGrid}>
            <TextField
              label={t('examDetail.info.version')}
              type="number"
              min={1}
              step={1}
              value={draft.version}
              onChange={(version) => setDraft({ ...draft, version })}
              error={versionValid ? null : t('examDetail.info.versionMin')}
            />
            <TextField
              label={t('examDetail.info.createdAt')}
              type="date"
              value={draft.createdAt}
              onChange={(createdAt) => setDraft({ ...draft, createdAt })}
            />
          </div>
          <Switch
            label={t('examDetail.info.public')}
            checked={draft.isPublic}
            onChange={(isPublic) => setDraft({ ...draft, isPublic })}
            testId="exam-info-public"
          />
          {publishesPrivate && (
            <ConsentCheck
              warning={t('examDetail.info.privateQuestionsWarning')}
              label={t('examDetail.info.privateQuestionsConfirm')}
              checked={draft.privateConsent}
              onChange={(privateConsent) => setDraft({ ...draft, privateConsent })}
              testId="exam-info-private-consent"
            />
          )}
          <Switch
            label={t('examDetail.info.forceAnswer')}
            checked={draft.forceAnswer}
            onChange={(forceAnswer) => setDraft({ ...draft, forceAnswer })}
          />
          <Switch
            label={t('examDetail.info.voiceMode')}
            checked={draft.voiceMode}
            onChange={(voiceMode) => setDraft({ ...draft, voiceMode })}
          />
          <Switch
            label={t('examDetail.info.aiMockInterview')}
            checked={draft.aiMockInterview}
            onChange={(aiMockInterview) => setDraft({ ...draft, aiMockInterview })}
          />
          <div className={form.actions}>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              onClick={() => setPanel('expanded')}
            >
              {t('examDetail.common.cancel')}
            </button>
            <button
              type="submit"
              className={`${button.button} ${button.primary}`}
              disabled={saving || !versionValid || (publishesPrivate && !draft.privateConsent)}
              data-testid="exam-info-save"
            >
              {t('examDetail.info.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
