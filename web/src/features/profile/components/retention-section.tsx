import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileAnswer } from '#shared/contracts/profile.js';
import { LIMITS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { Switch } from '../../../components/ui/switch/switch.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { updateRetentionSettings } from '../api/update-retention-settings.js';
import styles from './profile-page.module.css';

const { min, max, step } = LIMITS.retentionPercentage;

interface Props {
  profile: ProfileAnswer;
  /** POST /api/retention-cleanup/manual/ {percentage} → deleted_count (the slider's value, saved or not). */
  onCleanNow: (percentage: number) => Promise<number>;
}

/** Retention cleanup: on/off, a 0–100 % slider in steps of 5, and clean-now. */
export function RetentionSection({ profile, onCleanNow }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const sliderId = useId();
  const [enabled, setEnabled] = useState(profile.retention_cleanup_enabled);
  const [percentage, setPercentage] = useState(profile.retention_cleanup_percentage);
  const [saving, setSaving] = useState(false);
  const [cleaning, setCleaning] = useState(false);
  const dirty = enabled !== profile.retention_cleanup_enabled || percentage !== profile.retention_cleanup_percentage;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await updateRetentionSettings(enabled, percentage);
      toast.success(t('profile.retention.updated'));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.retention.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  const cleanNow = async () => {
    setCleaning(true);
    try {
      const count = await onCleanNow(percentage);
      toast.success(t('profile.retention.cleaned', { count }));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.retention.cleanFailed')));
    } finally {
      setCleaning(false);
    }
  };

  return (
    <Card
      id="profile-retention"
      testId="profile-retention"
      title={t('profile.retention.title')}
      description={t('profile.retention.description')}
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Switch
          checked={enabled}
          onChange={setEnabled}
          label={t('profile.retention.enabled')}
          testId="retention-enabled"
        />
        <div className={form.field}>
          <label className={form.label} htmlFor={sliderId}>
            {t('profile.retention.percentage')}
          </label>
          <div className={styles.slider}>
            <input
              id={sliderId}
              type="range"
              min={min}
              max={max}
              step={step}
              value={percentage}
              onChange={(event) => setPercentage(Number(event.target.value))}
              aria-valuetext={t('profile.retention.percentageValue', { value: percentage })}
              data-testid="retention-percentage"
            />
            <output className={styles.sliderValue} htmlFor={sliderId}>
              {t('profile.retention.percentageValue', { value: percentage })}
            </output>
          </div>
        </div>
        <div className={form.actions}>
          <button type="submit" className={`${button.button} ${button.primary}`} disabled={saving || !dirty}>
            {saving ? t('profile.saving') : t('profile.save')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            disabled={cleaning}
            onClick={() => void cleanNow()}
            data-testid="retention-clean-now"
          >
            {t('profile.retention.cleanNow')}
          </button>
        </div>
      </form>
    </Card>
  );
}
