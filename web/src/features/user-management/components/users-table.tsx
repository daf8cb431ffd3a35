import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAnswer } from '#shared/contracts/users.js';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { DEFAULT_USER_SORT, nextSort, sortUsers, type UserSort, type UserSortKey } from '../utils/sort-users.js';
import { UserRow } from './user-row.js';
import styles from './user-management.module.css';
import { toggled } from '../../../lib/selection.js';

interface Props {
  users: UserAnswer[];
  meId: string;
  selected: ReadonlySet<string>;
  onSelectedChange(selected: Set<string>): void;
  onChangePassword(user: UserAnswer): void;
}

const COLUMNS: { key: UserSortKey; label: string }[] = [
  { key: 'name', label: 'name' },
  { key: 'username', label: 'username' },
  { key: 'email', label: 'email' },
  { key: 'role', label: 'role' },
  { key: 'date_joined', label: 'joined' },
];

/** The sortable user table (default: username ascending) with row checkboxes. */
export function UsersTable({ users, meId, selected, onSelectedChange, onChangePassword }: Props) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const sorted = sortUsers(users, sort);
  const allSelected = users.length > 0 && users.every((user) => selected.has(user.id));

  const toggle = (id: string) => onSelectedChange(toggled(selected, id));

  return (
    // On a phone each user is a card (data-table's `cards`), so Edit and Save stay on screen.
    <div className={`${dataTable.wrap} ${dataTable.cards} ${styles.usersTable}`}>
      <table className={`${dataTable.table} ${dataTable.noWrap}`} data-testid="users-table">
        <thead>
          <tr>
            <th className={styles.checkCell}>
              <input
                type="checkbox"
                className={form.checkbox}
                checked={allSelected}
                onChange={(event) => onSelectedChange(new Set(event.target.checked ? users.map((user) => user.id) : []))}
                aria-label={t('userManagement.selection.all')}
              />
            </th>
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              const label = t(`userManagement.columns.${column.label}`);
              return (
                <th key={column.key} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <button
                    type="button"
                    className={dataTable.sortButton}
                    onClick={() => setSort((current) => nextSort(current, column.key))}
                    title={t('userManagement.columns.sortBy', { column: label })}
                  >
                    {label}
                    <span className={dataTable.sortIcon} aria-hidden="true">
                      {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              );
            })}
            <th>
              <span className="visually-hidden">{t('userManagement.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length + 2} className={screen.state}>
                {t('userManagement.empty')}
              </td>
            </tr>
          )}
          {sorted.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              isMe={user.id === meId}
              selected={selected.has(user.id)}
              onToggle={() => toggle(user.id)}
              onChangePassword={() => onChangePassword(user)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
