import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileAnswer } from '#shared/contracts/profile.js';
import form from '../../../components/ui/form/form.module.css';
import { timeZoneChoices } from '../../../lib/time-zone.js';
import { useProfileSettingsSave } from '../hooks/use-profile-settings-save.js';
import { SettingsFormCard } from './settings-form-card.js';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The learner's day (D120): the time zone and the hour at which a new study day begins. */
export function LearnerDaySection({ profile }: { profile: ProfileAnswer }) {
  const { t } = useTranslation();
  const id = useId();
  const { saving, save } = useProfileSettingsSave('learnerDay');
  const [timeZone, setTimeZone] = useState(profile.time_zone);
  const [hour, setHour] = useState(profile.day_rollover_hour);
  const zones = useMemo(() => timeZoneChoices(profile.time_zone), [profile.time_zone]);
  const dirty = timeZone !== profile.time_zone || hour !== profile.day_rollover_hour;

  const onSubmit = () =>
    void save({ time_zone: timeZone, day_rollover_hour: hour }, (next) => {
      setTimeZone(next.time_zone);
      setHour(next.day_rollover_hour);
    });

  return (
    <SettingsFormCard
      id="profile-learner-day"
      title={t('profile.learnerDay.title')}
      description={t('profile.learnerDay.description')}
      saving={saving}
      saveDisabled={!dirty}
      onSubmit={onSubmit}
    >
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
    </SettingsFormCard>
  );
}
