import { useTranslation } from 'react-i18next';
import { plainText } from '#shared/domain/rich-text.js';
import { Link } from 'react-router-dom';
import badge from '../../../components/ui/badge/badge.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import page from '../../../components/ui/page/page.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { openStudies, studyPeriod, studyTitle, useMyStudies } from '../../studies/index.js';
import styles from './recent-results.module.css';

/** docs/product.md#limits: phones show the first 3 open studies as cards. */
const MOBILE_STUDY_COUNT = 3;

/** Home's Open Study (docs/product.md#studies): the signed-in user's studies that have not ended, with their progress links. */
export function OpenStudies() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const read = useMyStudies();
  const studies = read.error ? [] : openStudies(read.data?.results ?? []);
  const loading = !read.data && !read.error;

  return (
    <section className={page.section} aria-labelledby="home-open-studies" data-testid="home-open-studies">
      <div className={page.container}>
        <div className={styles.heading}>
          <h2 id="home-open-studies" className={page.sectionTitle}>
            {t('home.openStudies.title')}
          </h2>
          <Link to="/study-management" className={styles.allLink}>
            {t('home.openStudies.viewAll')}
          </Link>
        </div>
        {loading && <Spinner label={t('home.openStudies.loading')} />}
        {!loading && studies.length === 0 && <p className={styles.empty}>{t('home.openStudies.empty')}</p>}
        {studies.length > 0 && (
          <div className={`${dataTable.wrap} ${dataTable.cards}`}>
            <table
              className={`${dataTable.table} ${styles.recentTable} ${styles.studyTable}`}
              data-testid="home-open-studies-table"
            >
              <thead>
                <tr>
                  <th>{t('home.openStudies.columns.study')}</th>
                  <th>{t('home.openStudies.columns.description')}</th>
                  <th>{t('home.openStudies.columns.period')}</th>
                  <th>{t('home.openStudies.columns.progress')}</th>
                </tr>
              </thead>
              <tbody>
                {studies.map((study, index) => (
                  <tr
                    key={study.id}
                    className={index >= MOBILE_STUDY_COUNT ? styles.desktopOnlyRow : undefined}
                    data-testid="home-open-study"
                  >
                    <td className={styles.examCell}>
                      <Link to={`/study-detail/${encodeURIComponent(study.id)}`} className={styles.examLink}>
                        {studyTitle(study, language, t('home.openStudies.untitled'))}
                      </Link>{' '}
                      <span className={`${badge.badge} ${study.is_public ? badge.success : badge.neutral}`}>
                        {study.is_public ? t('home.openStudies.public') : t('home.openStudies.private')}
                      </span>
                    </td>
                    <td className={styles.descriptionCell} data-label={t('home.openStudies.columns.description')}>
                      {plainText(
                        (language === 'ko' ? study.goal_ko || study.goal_en : study.goal_en || study.goal_ko) ?? '',
                        'markdown',
                      ) || '–'}
                    </td>
                    <td className={styles.date} data-label={t('home.openStudies.columns.period')}>
                      {studyPeriod(study, '–')}
                    </td>
                    <td data-label={t('home.openStudies.columns.progress')}>
                      <Link to={`/study-progress-dashboard/${encodeURIComponent(study.id)}`}>
                        {study.overall_progress === null || study.overall_progress === undefined
                          ? t('home.openStudies.progress')
                          : `${study.overall_progress}%`}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
