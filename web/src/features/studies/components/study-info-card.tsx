import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { STUDY_GOAL_MAX, STUDY_TITLE_MAX, type Study } from '#shared/contracts/studies.js';
import badge from '../../../components/ui/badge/badge.module.css';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { updateStudy } from '../api/update-study.js';
import { studyGoal, studyPeriod, studyProgress, studyTitle } from '../utils/study-view.js';
import { GoalText } from './goal-text.js';
import styles from './studies.module.css';

interface Props {
  study: Study;
  editing: boolean;
  onEditingChange(editing: boolean): void;
}

interface InfoDraft {
  title: string;
  goal: string;
  start_date: string;
  end_date: string;
  is_public: boolean;
}

/**
 * docs/product.md#study-detail: title, period, progress (linking to the dashboard), visibility and goal; managers
 * edit them in place (the current language's title and goal; all four fields required, docs/product.md#studies).
 */
export function StudyInfoCard({ study, editing, onEditingChange }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const canManage = study.user_permissions?.can_manage === true;
  const fromStudy = (): InfoDraft => ({
    title: studyTitle(study, language, ''),
    goal: studyGoal(study, language),
    start_date: study.start_date ?? '',
    end_date: study.end_date ?? '',
    is_public: study.is_public ?? true,
  });
  const [draft, setDraft] = useState<InfoDraft>(fromStudy);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!editing) setDraft(fromStudy());
  }, [editing, study]); // eslint-disable-line react-hooks/exhaustive-deps -- the draft restarts from the saved study when editing ends or the study reloads

  const progress = studyProgress(study.tasks ?? []);
  const set = <K extends keyof InfoDraft>(key: K, value: InfoDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim() || !draft.start_date || !draft.end_date || !draft.goal.trim())
      return toast.warning(t('studies.detail.fieldsRequired'));
    if (draft.end_date < draft.start_date) return toast.warning(t('studies.create.endBeforeStart'));
    setPending(true);
    try {
      await updateStudy(study.id, {
        ...(language === 'ko'
          ? { title_ko: draft.title.trim(), goal_ko: draft.goal }
          : { title_en: draft.title.trim(), goal_en: draft.goal }),
        start_date: draft.start_date,
        end_date: draft.end_date,
        is_public: draft.is_public,
      });
      toast.success(t('studies.detail.saved'));
      onEditingChange(false);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studies.detail.saveFailed')));
    } finally {
      setPending(false);
    }
  };

  const aside =
    canManage && !editing ? (
      <button
        type="button"
        className={`${button.button} ${button.secondary} ${button.small}`}
        onClick={() => onEditingChange(true)}
        data-testid="study-edit"
      >
        {t('studies.detail.edit')}
      </button>
    ) : undefined;

  return (
    <Card
      id="study-info"
      title={studyTitle(study, language, t('studies.list.untitled'))}
      aside={aside}
      testId="study-info"
    >
      {editing ? (
        <form className={form.form} onSubmit={(event) => void save(event)} noValidate data-testid="study-edit-form">
          <div className={form.fieldGrid}>
            <TextField
              className={form.wide}
              label={t('studies.create.title')}
              value={draft.title}
              maxLength={STUDY_TITLE_MAX}
              onChange={(value) => set('title', value)}
            />
            <TextField
              type="date"
              label={t('studies.create.startDate')}
              value={draft.start_date}
              onChange={(value) => set('start_date', value)}
            />
            <TextField
              type="date"
              label={t('studies.create.endDate')}
              value={draft.end_date}
              onChange={(value) => set('end_date', value)}
            />
            <div className={`${form.field} ${form.wide}`}>
              <label className={form.label} htmlFor="study-edit-goal">
                {t('studies.create.goal')}
              </label>
              <textarea
                id="study-edit-goal"
                className={`${form.input} ${form.textarea}`}
                value={draft.goal}
                maxLength={STUDY_GOAL_MAX}
                onChange={(event) => set('goal', event.target.value)}
              />
            </div>
            <label className={styles.tagOption}>
              <input
                type="checkbox"
                className={form.checkbox}
                checked={draft.is_public}
                onChange={(event) => set('is_public', event.target.checked)}
              />
              {t('studies.create.isPublic')}
            </label>
          </div>
          <div className={form.actions}>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              onClick={() => onEditingChange(false)}
            >
              {t('studies.detail.cancel')}
            </button>
            <button
              type="submit"
              className={`${button.button} ${button.primary}`}
              disabled={pending}
              data-testid="study-save"
            >
              {pending ? t('studies.detail.saving') : t('studies.detail.save')}
            </button>
          </div>
        </form>
      ) : (
        <dl className={styles.infoGrid}>
          <dt>{t('studies.detail.period')}</dt>
          <dd>{studyPeriod(study, t('studies.list.noPeriod'))}</dd>
          <dt>{t('studies.detail.progress')}</dt>
          <dd>
            <Link
              to={`/study-progress-dashboard/${encodeURIComponent(study.id)}?returnTo=study-detail`}
              data-testid="study-progress-link"
            >
              {t('studies.detail.progressValue', progress)}
            </Link>
          </dd>
          <dt>{t('studies.list.columns.visibility')}</dt>
          <dd>
            <span className={`${badge.badge} ${study.is_public ? badge.success : badge.neutral}`}>
              {study.is_public ? t('studies.list.public') : t('studies.list.private')}
            </span>
          </dd>
          <dt>{t('studies.detail.goal')}</dt>
          <dd>
            {studyGoal(study, language).trim() ? (
              <GoalText goal={studyGoal(study, language)} />
            ) : (
              <span className={screen.muted}>{t('studies.detail.noGoal')}</span>
            )}
          </dd>
        </dl>
      )}
    </Card>
  );
}
