import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAnswer } from '#shared/contracts/users.js';
import { LIMITS } from '#shared/domain/limits.js';
import { ROLES, type Role } from '#shared/domain/roles.js';
import button from '../../../components/ui/button/button.module.css';
import { DataTableRow, type DataTableColumn } from '../../../components/ui/data-table/data-table.js';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { updateUser } from '../api/update-user.js';
import { formatJoinDate, userFullName, type UserSortKey } from '../utils/sort-users.js';
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

  const orDash = (text: string) => text || <span className={styles.muted}>-</span>;

  const columns = userColumns(t, {
    cells: {
      select: () => (
        <input
          type="checkbox"
          className={form.checkbox}
          checked={selected}
          onChange={onToggle}
          aria-label={t('userManagement.selection.one', { username: user.username })}
        />
      ),
      name: () =>
        editing ? (
          <input
            className={`${form.input} ${form.compact} ${styles.editInput}`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-label={t('userManagement.edit.nameLabel', { username: user.username })}
            autoFocus
          />
        ) : (
          orDash(fullName)
        ),
      username: () => (
        <>
          {user.username}
          {isMe && <span className={styles.me}>{t('userManagement.me')}</span>}
        </>
      ),
      email: () =>
        editing ? (
          <input
            className={`${form.input} ${form.compact} ${styles.editInput}`}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-label={t('userManagement.edit.emailLabel', { username: user.username })}
          />
        ) : (
          orDash(user.email)
        ),
      role: () =>
        editing ? (
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
        ) : (
          <RoleBadge role={user.role} />
        ),
      date_joined: () => formatJoinDate(user.date_joined),
      actions: () => (
        <div className={dataTable.rowActions}>
          {editing ? (
            <>
              <button
                type="button"
                className={`${button.button} ${button.primary} ${button.small}`}
                onClick={() => void save()}
                disabled={saving}
              >
                {saving ? t('userManagement.edit.saving') : t('userManagement.edit.save')}
              </button>
              <button
                type="button"
                className={`${button.button} ${button.secondary} ${button.small}`}
                onClick={() => setEditing(false)}
                disabled={saving}
              >
                {t('userManagement.edit.cancel')}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className={`${button.button} ${button.secondary} ${button.small}`}
                onClick={startEdit}
              >
                {t('userManagement.edit.button')}
              </button>
              <button
                type="button"
                className={`${button.button} ${button.secondary} ${button.small}`}
                onClick={onChangePassword}
              >
                {t('userManagement.password.button')}
              </button>
            </>
          )}
        </div>
      ),
    },
  });

  return (
    <DataTableRow
      columns={columns}
      row={user}
      className={selected ? dataTable.selected : undefined}
      data-testid={`user-row-${user.username}`}
    />
  );
}

type UserColumn = 'select' | UserSortKey | 'actions';

/**
 * The users table's columns: the head (from labels, and the select-all box) and, given `cells`, one row's
 * cells. A row (UserRow) has state of its own — the inline edit — so it builds its columns each render.
 */
export function userColumns(
  t: TFunction,
  { selectAll, cells = {} }: { selectAll?: ReactNode; cells?: Partial<Record<UserColumn, () => ReactNode>> },
): DataTableColumn<UserAnswer, UserSortKey>[] {
  const cell = (key: UserColumn) => () => cells[key]?.() ?? null;
  const sortable = (
    key: UserSortKey,
    labelKey: string,
    className?: string,
  ): DataTableColumn<UserAnswer, UserSortKey> => ({
    key,
    label: t(`userManagement.columns.${labelKey}`),
    sortKey: key,
    className,
    cell: cell(key),
  });
  return [
    {
      key: 'select',
      label: t('userManagement.selection.all'),
      hiddenLabel: true,
      head: selectAll,
      className: styles.checkCell,
      cell: cell('select'),
    },
    sortable('name', 'name', styles.nowrap),
    sortable('username', 'username', styles.nowrap),
    sortable('email', 'email', styles.wideCell),
    sortable('role', 'role'),
    sortable('date_joined', 'joined', `${styles.nowrap} ${styles.muted}`),
    {
      key: 'actions',
      label: t('userManagement.columns.actions'),
      hiddenLabel: true,
      className: styles.wideCell,
      cell: cell('actions'),
    },
  ];
}
