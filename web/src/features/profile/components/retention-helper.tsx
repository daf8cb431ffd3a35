import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useWorkloadForecast } from '../api/get-workload-forecast.js';
import styles from './retention-helper.module.css';

const REVIEWS_COLOUR = '#1d4ed8';
const MEMORIZED_COLOUR = '#b45309';

/**
 * The retention helper (D330): the learner's next year simulated with their own weights at each
 * desired retention, reviews a day against what they would know, before they choose. The chart
 * steps with the arrow keys (recharts' accessibility layer); the table says the same in words.
 */
export function RetentionHelper({ newPerDay, percent }: { newPerDay: number | null; percent: number }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { data, error } = useWorkloadForecast(newPerDay);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const share = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  // An invalid new-cards value has no year to show; the field's own message says why.
  if (newPerDay === null) return null;
  if (error) return <p role="alert">{t('profile.workload.loadFailed')}</p>;
  if (!data) return <p className={styles.note}>{t('profile.workload.loading')}</p>;
  // The simulated retentions are a sample of the range: the one nearest the choice is marked.
  const nearest = data.options.reduce(
    (best, o) => (Math.abs(o.retention * 100 - percent) < Math.abs(best * 100 - percent) ? o.retention : best),
    data.options[0]?.retention ?? 0,
  );
  const points = data.options.map((o) => ({
    label: `${Math.round(o.retention * 100)}%`,
    reviews: o.average_reviews,
    memorized: o.memorized,
  }));
  return (
    <section className={styles.helper} aria-labelledby={`${id}-title`} data-testid="retention-helper">
      <h3 id={`${id}-title`} className={styles.title}>
        {t('profile.workload.title')}
      </h3>
      <p className={styles.note}>
        {t(data.personal ? 'profile.workload.personal' : 'profile.workload.defaults', {
          count: data.new_cards_per_day,
        })}
      </p>
      <div className={styles.chart} data-testid="retention-helper-chart">
        <div className={styles.chartInner}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart
              data={points}
              margin={{ top: 8, right: 0, bottom: 4, left: -16 }}
              title={t('profile.workload.title')}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} />
              <YAxis yAxisId="reviews" tick={{ fontSize: 11 }} />
              <YAxis yAxisId="memorized" orientation="right" tick={{ fontSize: 11 }} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                yAxisId="reviews"
                dataKey="reviews"
                name={t('profile.workload.reviews')}
                fill={REVIEWS_COLOUR}
                isAnimationActive={false}
              />
              <Line
                yAxisId="memorized"
                dataKey="memorized"
                name={t('profile.workload.memorized')}
                stroke={MEMORIZED_COLOUR}
                strokeWidth={2}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </div>
      <div
        className={styles.tableScroll}
        data-scroll-x
        tabIndex={0}
        role="region"
        aria-label={t('profile.workload.caption', { days: data.days })}
      >
        <table className={styles.table}>
          <caption className={styles.note}>{t('profile.workload.caption', { days: data.days })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profile.workload.retention')}</th>
              <th scope="col">{t('profile.workload.reviews')}</th>
              <th scope="col">{t('profile.workload.recall')}</th>
              <th scope="col">{t('profile.workload.memorized')}</th>
            </tr>
          </thead>
          <tbody>
            {data.options.map((o) => {
              const chosen = o.retention === nearest;
              return (
                <tr key={o.retention} className={chosen ? styles.chosen : undefined} aria-current={chosen || undefined}>
                  <th scope="row">{`${Math.round(o.retention * 100)}%`}</th>
                  <td>{number.format(o.average_reviews)}</td>
                  <td>{share.format(o.recall_at_review)}</td>
                  <td>{number.format(o.memorized)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
