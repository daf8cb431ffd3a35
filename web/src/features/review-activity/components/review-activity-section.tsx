import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card/card.js';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useDueToday } from '../api/get-due-today.js';
import { useReviewActivity } from '../api/get-review-activity.js';
import { DueForecast } from './due-forecast.js';
import { ReviewHeatmap } from './review-heatmap.js';
import styles from './review-activity.module.css';

/**
 * The learner's memory made visible: streaks, a heatmap of the last year's reviews and the
 * next 30 days' due cards. The charts are pictures of what the sentences beside them say, so screen
 * readers get the sentences.
 */
export function ReviewActivitySection() {
  const { t } = useTranslation();
  const { data, error } = useReviewActivity();
  const summary = useDueToday().data;
  // Today is the Review screen's count (D298: the due rule, limits and sources applied); later days the index's.
  const forecast = data?.forecast.map((day, i) => (i === 0 && summary ? { ...day, due: summary.due } : day)) ?? [];
  const dueToday = forecast[0]?.due ?? 0;
  const dueTotal = forecast.reduce((sum, day) => sum + day.due, 0);
  return (
    <Card
      id="profile-review-activity"
      testId="profile-review-activity"
      title={t('reviewActivity.title')}
      description={t('reviewActivity.description')}
    >
      {!data && !error && <Spinner label={t('reviewActivity.loading')} />}
      {error && <p role="alert">{t('reviewActivity.loadFailed')}</p>}
      {data && (
        <>
          <dl className={styles.stats}>
            <div className={styles.stat}>
              <dt>{t('reviewActivity.currentStreak')}</dt>
              <dd data-testid="current-streak">{t('reviewActivity.days', { count: data.current_streak })}</dd>
            </div>
            <div className={styles.stat}>
              <dt>{t('reviewActivity.longestStreak')}</dt>
              <dd data-testid="longest-streak">{t('reviewActivity.days', { count: data.longest_streak })}</dd>
            </div>
            <div className={styles.stat}>
              <dt>{t('reviewActivity.totalReviews')}</dt>
              <dd data-testid="total-reviews">{t('reviewActivity.reviews', { count: data.total_reviews })}</dd>
            </div>
          </dl>
          <h3 className={styles.subtitle}>{t('reviewActivity.heatmapTitle')}</h3>
          <p className={styles.summary} data-testid="heatmap-summary">
            {data.total_reviews === 0
              ? t('reviewActivity.empty')
              : t('reviewActivity.heatmapSummary', { count: data.total_reviews, active: data.days.length })}
          </p>
          <ReviewHeatmap days={data.days} today={data.today} />
          <h3 className={styles.subtitle}>{t('reviewActivity.forecastTitle')}</h3>
          <p className={styles.summary} data-testid="forecast-summary">
            {t('reviewActivity.forecastSummary', { today: dueToday, count: dueTotal })}
            {data.forecast_capped && ` ${t('reviewActivity.forecastCapped')}`}
          </p>
          {summary && (
            <p className={styles.summary} data-testid="forecast-today">
              {t('reviewActivity.todayLine', {
                learning: t('reviewActivity.learning', { count: summary.learning, now: summary.learning_now }),
                fresh: t('reviewActivity.fresh', { count: summary.new }),
              })}
            </p>
          )}
          <DueForecast forecast={forecast} />
        </>
      )}
    </Card>
  );
}
