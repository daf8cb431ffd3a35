import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cachedConnectedStudies, loadConnectedStudies, type ConnectedStudy } from '../api/get-connected-studies.js';
import styles from './take-exam.module.css';

function studyPath(study: ConnectedStudy): string {
  if (study.study_url.startsWith('/') && !study.study_url.startsWith('//')) return study.study_url;
  return `/study-detail/${encodeURIComponent(study.study_id)}`;
}

/** The top bar of studies whose tasks link this exam: one link, or a dropdown when several (signed-in only). */
export function ConnectedStudiesBar({ examId }: { examId: string }) {
  const { t } = useTranslation();
  const [studies, setStudies] = useState<ConnectedStudy[]>(() => cachedConnectedStudies(examId) ?? []);

  useEffect(() => {
    let live = true;
    loadConnectedStudies(examId)
      .then((list) => live && setStudies(list))
      .catch(() => undefined); // the bar is a convenience: no studies, no bar
    return () => {
      live = false;
    };
  }, [examId]);

  if (studies.length === 0) return null;
  return (
    <nav className={styles.studies} aria-label={t('takeExam.studies.label')} data-testid="connected-studies">
      {studies.length === 1 ? (
        <Link className={styles.studyLink} to={studyPath(studies[0]!)}>
          {t('takeExam.studies.one', { title: studies[0]!.study_title })}
        </Link>
      ) : (
        <details className={styles.studyMenu}>
          <summary>{t('takeExam.studies.choose', { count: studies.length })}</summary>
          <ul className={styles.studyMenuList}>
            {studies.map((study) => (
              <li key={study.study_id}>
                <Link to={studyPath(study)}>{study.study_title}</Link>
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
}
