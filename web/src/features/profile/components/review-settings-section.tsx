import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileAnswer } from '#shared/contracts/profile.js';
import { LIMITS } from '#shared/domain/limits.js';
import { easyDaysOf, type EasyDayMode } from '#shared/domain/workload.js';
import form from '../../../components/ui/form/form.module.css';
import { useProfileSettingsSave } from '../hooks/use-profile-settings-save.js';
import { EasyDaysFields } from './easy-days-fields.js';
import { RetentionHelper } from './retention-helper.js';
import { SettingsFormCard } from './settings-form-card.js';

const { desiredRetention: retention, newCardsPerDay: newCards, maxReviewsPerDay: reviews } = LIMITS;
/** 80 % … 97 %, one point a step. */
const PERCENTS = Array.from(
  { length: Math.round((retention.max - retention.min) * 100) + 1 },
  (_, i) => Math.round(retention.min * 100) + i,
);

const inRange = (value: number, range: { min: number; max: number }) =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/**
 * Review settings: desired retention with the retention helper's simulated year, new
 * cards a day, maximum reviews a day, Easy Days and the load balancer (D326).
 */
export function ReviewSettingsSection({ profile }: { profile: ProfileAnswer }) {
  const { t } = useTranslation();
  const id = useId();
  const { saving, save } = useProfileSettingsSave('review');
  const [percent, setPercent] = useState(Math.round(profile.desired_retention * 100));
  const [newPerDay, setNewPerDay] = useState(String(profile.new_cards_per_day));
  const [reviewsPerDay, setReviewsPerDay] = useState(String(profile.max_reviews_per_day));
  const [easyDays, setEasyDays] = useState<EasyDayMode[]>([...easyDaysOf(profile)]);
  const [balancing, setBalancing] = useState(profile.load_balancing);
  const newValid = inRange(Number(newPerDay), newCards) && newPerDay.trim() !== '';
  const reviewsValid = inRange(Number(reviewsPerDay), reviews) && reviewsPerDay.trim() !== '';
  const dirty =
    percent !== Math.round(profile.desired_retention * 100) ||
    Number(newPerDay) !== profile.new_cards_per_day ||
    Number(reviewsPerDay) !== profile.max_reviews_per_day ||
    easyDays.join() !== profile.easy_days.join() ||
    balancing !== profile.load_balancing;

  const onSubmit = () => {
    if (!newValid || !reviewsValid) return;
    void save(
      {
        desired_retention: percent / 100,
        new_cards_per_day: Number(newPerDay),
        max_reviews_per_day: Number(reviewsPerDay),
        easy_days: easyDays,
        load_balancing: balancing,
      },
      (next) => {
        setPercent(Math.round(next.desired_retention * 100));
        setNewPerDay(String(next.new_cards_per_day));
        setReviewsPerDay(String(next.max_reviews_per_day));
        setEasyDays([...easyDaysOf(next)]);
        setBalancing(next.load_balancing);
      },
    );
  };

  return (
    <SettingsFormCard
      id="profile-review"
      title={t('profile.review.title')}
      description={t('profile.review.description')}
      saving={saving}
      saveDisabled={!dirty || !newValid || !reviewsValid}
      saveTestId="review-settings-save"
      onSubmit={onSubmit}
    >
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-retention`}>
          {t('profile.review.retention')}
        </label>
        <select
          id={`${id}-retention`}
          className={form.select}
          value={percent}
          onChange={(event) => setPercent(Number(event.target.value))}
          aria-describedby={`${id}-retention-hint`}
          data-testid="review-retention"
        >
          {PERCENTS.map((p) => (
            <option key={p} value={p}>{`${p}%`}</option>
          ))}
        </select>
        <p id={`${id}-retention-hint`} className={form.hint}>
          {t('profile.review.retentionHint')}
        </p>
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-new`}>
          {t('profile.review.newPerDay')}
        </label>
        <input
          id={`${id}-new`}
          className={form.input}
          type="number"
          inputMode="numeric"
          min={newCards.min}
          max={newCards.max}
          value={newPerDay}
          aria-invalid={!newValid}
          aria-describedby={`${id}-new-hint`}
          onChange={(event) => setNewPerDay(event.target.value)}
          data-testid="review-new-per-day"
        />
        <p id={`${id}-new-hint`} className={newValid ? form.hint : form.error}>
          {t('profile.review.range', { min: newCards.min, max: newCards.max })}
        </p>
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-reviews`}>
          {t('profile.review.reviewsPerDay')}
        </label>
        <input
          id={`${id}-reviews`}
          className={form.input}
          type="number"
          inputMode="numeric"
          min={reviews.min}
          max={reviews.max}
          value={reviewsPerDay}
          aria-invalid={!reviewsValid}
          aria-describedby={`${id}-reviews-hint`}
          onChange={(event) => setReviewsPerDay(event.target.value)}
          data-testid="review-reviews-per-day"
        />
        <p id={`${id}-reviews-hint`} className={reviewsValid ? form.hint : form.error}>
          {t('profile.review.range', { min: reviews.min, max: reviews.max })}
        </p>
      </div>
      <EasyDaysFields
        id={id}
        easyDays={easyDays}
        onEasyDays={setEasyDays}
        balancing={balancing}
        onBalancing={setBalancing}
      />
      <RetentionHelper newPerDay={newValid ? Number(newPerDay) : null} percent={percent} />
    </SettingsFormCard>
  );
}
