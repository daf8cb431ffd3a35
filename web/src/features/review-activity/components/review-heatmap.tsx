import { cloneElement, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityCalendar, type Activity } from 'react-activity-calendar';
import styles from './review-activity.module.css';

/** Phones show the last 26 weeks, so the calendar fits 390 px without a scroll region. */
const NARROW = '(max-width: 600px)';
const WIDE_DAYS = 365;
const NARROW_DAYS = 182;

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isNarrow = () => window.matchMedia(NARROW).matches;

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Level 0–4 of a day's count against the busiest day shown (GitHub's five steps). */
export function activityLevels(
  days: readonly { day: string; count: number }[],
  first: string,
  today: string,
): Activity[] {
  const shown = days.filter(({ day }) => day >= first && day <= today);
  const busiest = Math.max(1, ...shown.map(({ count }) => count));
  const level = (count: number) => (count === 0 ? 0 : Math.min(4, Math.ceil((count / busiest) * 4)));
  const activities = shown.map(({ day, count }) => ({ date: day, count, level: level(count) }));
  // The calendar spans its first and last entries: pin both ends of the window.
  if (activities[0]?.date !== first) activities.unshift({ date: first, count: 0, level: 0 });
  if (activities.at(-1)?.date !== today) activities.push({ date: today, count: 0, level: 0 });
  return activities;
}

/** The review heatmap: one square per learner day, darker for more reviews; the summary above says it in words. */
export function ReviewHeatmap({ days, today }: { days: readonly { day: string; count: number }[]; today: string }) {
  const { t } = useTranslation();
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false);
  const first = dayBefore(today, (narrow ? NARROW_DAYS : WIDE_DAYS) - 1);
  return (
    <div className={styles.heatmap} data-testid="review-heatmap" aria-hidden="true">
      <ActivityCalendar
        data={activityLevels(days, first, today)}
        blockSize={narrow ? 9 : 10}
        blockMargin={2}
        fontSize={11}
        colorScheme="light"
        theme={{ light: ['#e5e7eb', '#1d4ed8'] }}
        showWeekdayLabels={!narrow}
        showTotalCount={false}
        labels={{
          months: t('reviewActivity.months', { returnObjects: true }) as string[],
          weekdays: t('reviewActivity.weekdays', { returnObjects: true }) as string[],
          legend: { less: t('reviewActivity.less'), more: t('reviewActivity.more') },
        }}
        renderBlock={(block, activity) =>
          cloneElement(
            block,
            { 'data-date': activity.date, 'data-count': activity.count } as never,
            <title>{t('reviewActivity.dayTooltip', { date: activity.date, count: activity.count })}</title>,
          )
        }
      />
    </div>
  );
}
