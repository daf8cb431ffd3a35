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
import styles from './study-progress.module.css';

/** Colours with ≥ 3:1 contrast on white, told apart by more than hue (the line chart also uses dashes). */
const ATTEMPTED_COLOUR = '#1d4ed8';
const CORRECT_COLOUR = '#b45309';
const NO_EXAM_COLOUR = '#6b7280';

export interface ProgressPoint {
  date: string;
  attempted: number | null;
  correct: number | null;
}

/** The study's overall progress over the period: attempted and correct, one point a day. */
export function OverallChart({ points }: { points: ProgressPoint[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} data-testid="overall-chart">
      <h2 className={styles.panelTitle}>{t('studyProgress.overallChart')}</h2>
      <div className={styles.chart}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={16} />
            <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} unit="%" />
            <Tooltip />
            <Legend />
            <Line
              type="monotone"
              dataKey="attempted"
              name={t('studyProgress.attempted')}
              stroke={ATTEMPTED_COLOUR}
              strokeWidth={2}
              connectNulls
              dot={{ r: 3 }}
            />
            <Line
              type="monotone"
              dataKey="correct"
              name={t('studyProgress.correct')}
              stroke={CORRECT_COLOUR}
              strokeWidth={2}
              strokeDasharray="6 3"
              connectNulls
              dot={{ r: 3 }}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

export interface AccuracyBar {
  name: string;
  accuracy: number;
  examId: string | null;
}

/** Each task's accuracy; a click on a bar opens the task's exam (grey bars have none). */
export function AccuracyChart({ bars, onOpen }: { bars: AccuracyBar[]; onOpen(bar: AccuracyBar): void }) {
  const { t } = useTranslation();
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
              dataKey="accuracy"
              name={t('studyProgress.accuracy')}
              onClick={(bar) => onOpen(bar.payload as AccuracyBar)}
              cursor="pointer"
            >
              {bars.map((bar) => (
                <Cell key={bar.name} fill={bar.examId ? ATTEMPTED_COLOUR : NO_EXAM_COLOUR} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
