import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import card from '../../../components/ui/card/card.module.css';
import { layoutMonth, monthOf, shiftMonth, type CalendarStudy } from '../utils/calendar-layout.js';
import styles from './studies.module.css';

/** docs/product.md#study-list: the month view of the listed studies, up to 3 coloured bars a day and +N, previous / next month. */
export function StudyCalendar({ studies }: { studies: readonly CalendarStudy[] }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const weeks = useMemo(() => layoutMonth(month, studies), [month, studies]);
  const weekdays = t('studies.calendar.weekdays').split(',');
  const empty = weeks.every((week) => week.every((day) => !day.inMonth || (day.bars.length === 0 && day.more === 0)));
  const heading = t('studies.calendar.month', { year: month.year, month: month.month });

  return (
    <section
      className={`${card.panel} ${styles.calendar}`}
      aria-labelledby="study-calendar-title"
      data-testid="study-calendar"
    >
      <div className={styles.calendarHeader}>
        <h2 id="study-calendar-title" className={styles.calendarTitle}>
          {t('studies.calendar.title')} · <span data-testid="calendar-month">{heading}</span>
        </h2>
        <div className={styles.calendarNav}>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${button.small}`}
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
            data-testid="calendar-previous"
          >
            <span aria-hidden="true">‹ </span>
            {t('studies.calendar.previous')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${button.small}`}
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
            data-testid="calendar-next"
          >
            {t('studies.calendar.next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      </div>
      <table className={styles.calendarGrid}>
        <caption className="visually-hidden">{heading}</caption>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => (
                <td key={day.date} className={day.inMonth ? undefined : styles.outside} data-date={day.date}>
                  <span className={styles.dayNumber}>{day.day}</span>
                  <ul className={styles.bars}>
                    {day.bars.map((bar) => (
                      <li key={bar.id}>
                        <Link
                          to={`/study-detail/${encodeURIComponent(bar.id)}`}
                          className={styles.bar}
                          style={{ background: bar.color }}
                          title={bar.title}
                          data-testid="calendar-bar"
                        >
                          {/* The title shows on the first day of a run and at the start of each week; the other days are colour alone. */}
                          <span className={bar.starts ? styles.barTitle : 'visually-hidden'}>{bar.title}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                  {day.more > 0 && (
                    <span
                      className={styles.more}
                      title={t('studies.calendar.moreLabel', { count: day.more })}
                      data-testid="calendar-more"
                    >
                      <span aria-hidden="true">{t('studies.calendar.more', { count: day.more })}</span>
                      <span className="visually-hidden">{t('studies.calendar.moreLabel', { count: day.more })}</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {empty && <p className={styles.calendarEmpty}>{t('studies.calendar.empty')}</p>}
    </section>
  );
}
