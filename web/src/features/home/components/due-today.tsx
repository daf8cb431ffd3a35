import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import page from '../../../components/ui/page/page.module.css';
import { useDueToday } from '../api/get-due-today.js';
import styles from './recent-results.module.css';

/** Home's "due today" card (issue 26): how many reviews the learner's day holds, with the daily exam one click away. */
export function DueToday() {
  const { t } = useTranslation();
  const read = useDueToday();
  if (read.error || !read.data) return null;
  const { due_today: count, capped } = read.data;
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
          {count === 0
            ? t('home.dueToday.none')
            : t(capped ? 'home.dueToday.countCapped' : 'home.dueToday.count', { count })}
        </p>
      </div>
    </section>
  );
}
