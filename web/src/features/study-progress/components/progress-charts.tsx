import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DayRow, TaskRow } from '../utils/dashboard-view.js';
import styles from './study-progress.module.css';

/** Colours with ≥ 3:1 contrast on white, told apart by more than hue (the line chart also uses dashes). */
const ATTEMPTED_COLOUR = '#1d4ed8';
const CORRECT_COLOUR = '#b45309';
const NO_EXAM_COLOUR = '#6b7280';
/** Room on both ends of the x axis, so the first and last day's dots are drawn whole (the last point was clipped). */
const X_PADDING = { left: 14, right: 14 };

/** The period day by day: answers given and correct ones — the same days as the cards and the daily table. */
export function DailyChart({ days }: { days: DayRow[] }) {
  const { t } = useTranslation();
  const points = days.map((day) => ({ date: day.date.slice(5), answered: day.answered, correct: day.correct }));
  return (
    <section className={styles.panel} data-testid="overall-chart">
      <h2 className={styles.panelTitle}>{t('studyProgress.overallChart')}</h2>
      <div className={styles.chart}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={16} padding={X_PADDING} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend />
            <Line
              type="monotone"
              dataKey="answered"
              name={t('studyProgress.attempted')}
              stroke={ATTEMPTED_COLOUR}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="correct"
              name={t('studyProgress.correct')}
              stroke={CORRECT_COLOUR}
              strokeWidth={2}
              strokeDasharray="6 3"
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

/** Each task's accuracy in the period; a click on a bar opens the task's exam (grey bars have none). */
export function AccuracyChart({ tasks, onOpen }: { tasks: TaskRow[]; onOpen(task: TaskRow): void }) {
  const { t } = useTranslation();
  const bars = tasks.map((task) => ({ ...task, value: task.accuracy ?? 0 }));
  return (
    <section className={styles.panel} data-testid="accuracy-chart">
      <h2 className={styles.panelTitle}>{t('studyProgress.accuracyChart')}</h2>
      <div className={styles.chart}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={bars} margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} />
            <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} unit="%" />
            <Tooltip />
            <Bar
              dataKey="value"
              name={t('studyProgress.accuracy')}
              // The tooltip reads "Accuracy : 67%", as the axis does.
              unit="%"
              onClick={(bar) => onOpen(bar.payload as TaskRow)}
              cursor="pointer"
              isAnimationActive={false}
            >
              {bars.map((bar) => (
                <Cell key={bar.id} fill={bar.examId ? ATTEMPTED_COLOUR : NO_EXAM_COLOUR} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
