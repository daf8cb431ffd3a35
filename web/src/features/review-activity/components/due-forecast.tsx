import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styles from './review-activity.module.css';

const DUE_COLOUR = '#1d4ed8';

/**
 * The 30-day due forecast: cards falling due on each learner day, overdue ones on today. Recharts'
 * accessibility layer lets the keyboard step through the days (arrow keys), each read out by the tooltip.
 */
export function DueForecast({ forecast }: { forecast: readonly { day: string; due: number }[] }) {
  const { t } = useTranslation();
  const points = forecast.map(({ day, due }) => ({ date: day.slice(5), due }));
  return (
    <div className={styles.chart} data-testid="due-forecast">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={points}
          margin={{ top: 8, right: 8, bottom: 4, left: -20 }}
          title={t('reviewActivity.forecastTitle')}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="due" name={t('reviewActivity.due')} fill={DUE_COLOUR} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
