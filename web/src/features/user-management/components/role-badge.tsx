import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/domain/roles.js';
import styles from './user-management.module.css';

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <span className={`${styles.role} ${styles[`role_${role}`]}`}>{t(`userManagement.roles.${role}`)}</span>;
}
