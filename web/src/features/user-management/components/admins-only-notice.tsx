import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPage, statusPageStyles as styles } from '../../../components/ui/status-page/status-page.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';

/**
 * What a signed-in non-admin sees. The original client's read-only list needs GET /api/users/, which the
 * server answers for admins only, so this says so instead of showing a failing table.
 */
export function AdminsOnlyNotice({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="user-management-admins-only"
      badge={t('userManagement.adminsOnly.badge')}
      title={t('userManagement.adminsOnly.title')}
      description={`${t('userManagement.adminsOnly.description')} ${t('userManagement.adminsOnly.yourRole', { role: t(`userManagement.roles.${user.role}`) })}`}
      icon={
        <svg viewBox="0 0 24 24">
          <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
          <path d="M12 9v4" />
          <path d="M12 16.5v.01" />
        </svg>
      }
      actions={
        <Link to="/" className={styles.primary}>
          {t('userManagement.adminsOnly.home')}
        </Link>
      }
    />
  );
}
