import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import page from '../../../components/ui/page/page.module.css';
import { useDueToday } from '../api/get-due-today.js';
import styles from './recent-results.module.css';

/**
 * Home's "due today" card: the Review screen's own counts (D298: one due rule on the server) — reviews,
 * learning steps (how many are ready now) and new cards left today — with the Review screen and the
 * daily exam one click away.
 */
export function DueToday() {
  const { t } = useTranslation();
  const read = useDueToday();
  if (read.error || !read.data) return null;
  const { due, learning, learning_now: now, new: fresh, capped } = read.data;
  return (
    <section className={page.section} aria-labelledby="home-due-today" data-testid="home-due-today">
      <div className={page.container}>
        <div className={styles.heading}>
          <h2 id="home-due-today" className={page.sectionTitle}>
            {t('home.dueToday.title')}
          </h2>
          <span className={styles.links}>
            <Link to="/review" className={styles.allLink} data-testid="home-due-today-review">
              {t('home.dueToday.review')}
            </Link>
            <Link to="/daily-exam" className={styles.allLink}>
              {t('home.dueToday.open')}
            </Link>
          </span>
        </div>
        <p className={styles.empty} data-testid="home-due-today-count">
          {due + learning + fresh === 0
            ? t('home.dueToday.none')
            : t('home.dueToday.line', {
                due: t('home.dueToday.due', { count: due }),
                learning: t('home.dueToday.learning', { count: learning, now }),
                fresh: t('home.dueToday.fresh', { count: fresh }),
              })}
          {capped && ` ${t('home.dueToday.capped')}`}
        </p>
      </div>
    </section>
  );
}
