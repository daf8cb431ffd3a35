import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UnavailableScreen } from '../unavailable-screens.js';
import { StatusPage, statusPageStyles as styles } from '../../../components/ui/status-page/status-page.js';

/** One honest placeholder for every screen a later issue builds: no fake content. */
export function NotAvailablePage({ screen }: { screen: UnavailableScreen }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="not-available"
      badge={t('statusPages.notAvailable.badge')}
      title={t('statusPages.notAvailable.title')}
      description={t('statusPages.notAvailable.description', { screen: t(`statusPages.screens.${screen}`) })}
      icon={
        <svg viewBox="0 0 24 24">
          <path d="M12 7v5l3 2" />
          <circle cx="12" cy="12" r="9" />
        </svg>
      }
      actions={
        <Link to="/?fromHomeMenu=true" className={styles.primary}>
          {t('statusPages.notAvailable.home')}
        </Link>
      }
    />
  );
}
