import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cachedConnectedStudies, loadConnectedStudies, type ConnectedStudy } from '../api/get-connected-studies.js';
import styles from './take-exam.module.css';

function studyPath(study: ConnectedStudy): string {
  if (study.study_url.startsWith('/') && !study.study_url.startsWith('//')) return study.study_url;
  return `/study-detail/${encodeURIComponent(study.study_id)}`;
}

/**
 * The studies whose tasks link this exam (signed-in only), and whether they have answered: the runner
 * shows once they have, so the bar never arrives above a question already on screen (D254).
 */
export function useConnectedStudies(examId: string, enabled: boolean): { studies: ConnectedStudy[]; settled: boolean } {
  const [loaded, setLoaded] = useState<{ examId: string; studies: ConnectedStudy[] } | null>(() => {
    const hit = cachedConnectedStudies(examId);
    return hit ? { examId, studies: hit } : null;
  });

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadConnectedStudies(examId)
      .then((studies) => live && setLoaded({ examId, studies }))
      // The bar is a convenience: no studies, no bar.
      .catch(() => live && setLoaded({ examId, studies: [] }));
    return () => {
      live = false;
    };
  }, [examId, enabled]);

  const current = loaded?.examId === examId ? loaded.studies : null;
  return { studies: enabled ? (current ?? []) : [], settled: !enabled || current !== null };
}

/** The top bar of studies whose tasks link this exam: one link, or a dropdown when several. */
export function ConnectedStudiesBar({ studies }: { studies: ConnectedStudy[] }) {
  const { t } = useTranslation();
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
