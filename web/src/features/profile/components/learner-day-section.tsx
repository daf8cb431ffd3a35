import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileAnswer } from '#shared/contracts/profile.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { timeZoneChoices } from '../../../lib/time-zone.js';
import { updateProfile } from '../api/update-profile.js';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The learner's day (D120): the time zone and the hour at which a new study day begins. */
export function LearnerDaySection({ profile }: { profile: ProfileAnswer }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [timeZone, setTimeZone] = useState(profile.time_zone);
  const [hour, setHour] = useState(profile.day_rollover_hour);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => timeZoneChoices(profile.time_zone), [profile.time_zone]);
  const dirty = timeZone !== profile.time_zone || hour !== profile.day_rollover_hour;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const next = await updateProfile({ time_zone: timeZone, day_rollover_hour: hour });
      setTimeZone(next.time_zone);
      setHour(next.day_rollover_hour);
      toast.success(t('profile.learnerDay.updated'));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.learnerDay.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      id="profile-learner-day"
      testId="profile-learner-day"
      title={t('profile.learnerDay.title')}
      description={t('profile.learnerDay.description')}
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={form.grid}>
          <div className={form.field}>
            <label className={form.label} htmlFor={`${id}-zone`}>
              {t('profile.learnerDay.timeZone')}
            </label>
            <select
              id={`${id}-zone`}
              name="time_zone"
              className={form.select}
              value={timeZone}
              onChange={(event) => setTimeZone(event.target.value)}
              data-testid="learner-day-zone"
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </div>
          <div className={form.field}>
            <label className={form.label} htmlFor={`${id}-hour`}>
              {t('profile.learnerDay.rolloverHour')}
            </label>
            <select
              id={`${id}-hour`}
              name="day_rollover_hour"
              className={form.select}
              value={hour}
              onChange={(event) => setHour(Number(event.target.value))}
              aria-describedby={`${id}-hour-hint`}
              data-testid="learner-day-hour"
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {`${String(h).padStart(2, '0')}:00`}
                </option>
              ))}
            </select>
            <p id={`${id}-hour-hint`} className={form.hint}>
              {t('profile.learnerDay.rolloverHint')}
            </p>
          </div>
        </div>
        <div className={form.actions}>
          <button type="submit" className={`${button.button} ${button.primary}`} disabled={saving || !dirty}>
            {saving ? t('profile.saving') : t('profile.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
