import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAnswer } from '#shared/contracts/users.js';
import { LIMITS } from '#shared/domain/limits.js';
import { ROLES, type Role } from '#shared/domain/roles.js';
import button from '../../../components/ui/button/button.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { updateUser } from '../api/update-user.js';
import { formatJoinDate, userFullName } from '../utils/sort-users.js';
import { RoleBadge } from './role-badge.js';
import styles from './user-management.module.css';

const TOAST_MS = LIMITS.toastMs.userManagement;

interface Props {
  user: UserAnswer;
  isMe: boolean;
  selected: boolean;
  onToggle(): void;
  onChangePassword(): void;
}

/** One user: read-only cells, or inline inputs for name, email and role while editing. */
export function UserRow({ user, isMe, selected, onToggle, onChangePassword }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(user.role);
  const [saving, setSaving] = useState(false);
  const fullName = userFullName(user);

  const startEdit = () => {
    setName(fullName);
    setEmail(user.email);
    setRole(user.role);
    setEditing(true);
  };

  const save = async () => {
    const body: Parameters<typeof updateUser>[1] = {};
    // The name column is one field: as in the users sheet, it becomes first_name.
    if (name.trim() !== fullName) Object.assign(body, { first_name: name.trim(), last_name: '' });
    if (email.trim() !== user.email) body.email = email.trim();
    if (role !== user.role) body.role = role;
    if (Object.keys(body).length === 0) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      const answer = await updateUser(user.id, body);
      toast.success(answer.detail || t('userManagement.edit.updated'), TOAST_MS);
      setEditing(false);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('userManagement.edit.failed')), TOAST_MS);
    } finally {
      setSaving(false);
    }
  };

  const usernameCell = (
    <td className={styles.nowrap} data-label={t('userManagement.columns.username')}>
      {user.username}
      {isMe && <span className={styles.me}>{t('userManagement.me')}</span>}
    </td>
  );

  return (
    <tr className={selected ? dataTable.selected : undefined} data-testid={`user-row-${user.username}`}>
      <td className={styles.checkCell}>
        <input type="checkbox" className={form.checkbox} checked={selected} onChange={onToggle} aria-label={t('userManagement.selection.one', { username: user.username })} />
      </td>
      {editing ? (
        <>
          <td data-label={t('userManagement.columns.name')}>
            <input
              className={`${form.input} ${form.compact} ${styles.editInput}`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-label={t('userManagement.edit.nameLabel', { username: user.username })}
              autoFocus
            />
          </td>
          {usernameCell}
          <td className={styles.wideCell} data-label={t('userManagement.columns.email')}>
            <input
              className={`${form.input} ${form.compact} ${styles.editInput}`}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-label={t('userManagement.edit.emailLabel', { username: user.username })}
            />
          </td>
          <td data-label={t('userManagement.columns.role')}>
            <select
              className={`${form.select} ${form.compact}`}
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
              disabled={isMe}
              aria-label={t('userManagement.edit.roleLabel', { username: user.username })}
            >
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {t(`userManagement.roles.${option}`)}
                </option>
              ))}
            </select>
          </td>
          <td className={`${styles.nowrap} ${styles.muted}`} data-label={t('userManagement.columns.joined')}>
            {formatJoinDate(user.date_joined)}
          </td>
          <td className={styles.wideCell}>
            <div className={dataTable.rowActions}>
              <button type="button" className={`${button.button} ${button.primary} ${button.small}`} onClick={() => void save()} disabled={saving}>
                {saving ? t('userManagement.edit.saving') : t('userManagement.edit.save')}
              </button>
              <button type="button" className={`${button.button} ${button.secondary} ${button.small}`} onClick={() => setEditing(false)} disabled={saving}>
                {t('userManagement.edit.cancel')}
              </button>
            </div>
          </td>
        </>
      ) : (
        <>
          <td className={styles.nowrap} data-label={t('userManagement.columns.name')}>
            {fullName || <span className={styles.muted}>-</span>}
          </td>
          {usernameCell}
          <td className={styles.wideCell} data-label={t('userManagement.columns.email')}>
            {user.email || <span className={styles.muted}>-</span>}
          </td>
          <td data-label={t('userManagement.columns.role')}>
            <RoleBadge role={user.role} />
          </td>
          <td className={`${styles.nowrap} ${styles.muted}`} data-label={t('userManagement.columns.joined')}>
            {formatJoinDate(user.date_joined)}
          </td>
          <td className={styles.wideCell}>
            <div className={dataTable.rowActions}>
              <button type="button" className={`${button.button} ${button.secondary} ${button.small}`} onClick={startEdit}>
                {t('userManagement.edit.button')}
              </button>
              <button type="button" className={`${button.button} ${button.secondary} ${button.small}`} onClick={onChangePassword}>
                {t('userManagement.password.button')}
              </button>
            </div>
          </td>
        </>
      )}
    </tr>
  );
}
