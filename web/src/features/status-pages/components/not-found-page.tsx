import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPage, statusPageStyles as styles } from '../../../components/ui/status-page/status-page.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="not-found"
      badge="404"
      title={t('statusPages.notFound.title')}
      description={t('statusPages.notFound.description')}
      icon={
        <svg viewBox="0 0 24 24">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5M8.5 11h5" />
        </svg>
      }
      actions={
        <Link to="/?fromHomeMenu=true" className={styles.primary}>
          {t('statusPages.notFound.home')}
        </Link>
      }
    />
  );
}
