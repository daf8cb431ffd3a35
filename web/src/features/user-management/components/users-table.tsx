import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAnswer } from '#shared/contracts/users.js';
import { DataTable } from '../../../components/ui/data-table/data-table.js';
import form from '../../../components/ui/form/form.module.css';
import { toggled } from '../../../lib/selection.js';
import { nextSort } from '../../../lib/table-sort.js';
import { DEFAULT_USER_SORT, sortUsers, type UserSort } from '../utils/sort-users.js';
import { UserRow, userColumns } from './user-row.js';
import styles from './user-management.module.css';

interface Props {
  users: UserAnswer[];
  meId: string;
  selected: ReadonlySet<string>;
  onSelectedChange(selected: Set<string>): void;
  onChangePassword(user: UserAnswer): void;
}

/** The sortable user table (default: username ascending) with row checkboxes. */
export function UsersTable({ users, meId, selected, onSelectedChange, onChangePassword }: Props) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const sorted = sortUsers(users, sort);
  const allSelected = users.length > 0 && users.every((user) => selected.has(user.id));

  const toggle = (id: string) => onSelectedChange(toggled(selected, id));
  const selectAll = (
    <input
      type="checkbox"
      className={form.checkbox}
      checked={allSelected}
      onChange={(event) => onSelectedChange(new Set(event.target.checked ? users.map((user) => user.id) : []))}
      aria-label={t('userManagement.selection.all')}
    />
  );

  return (
    // On a phone each user is a card (data-table's `cards`), so Edit and Save stay on screen; the head, sort buttons
    // included, is desktop-only.
    <DataTable
      columns={userColumns(t, { selectAll })}
      rows={sorted}
      rowKey={(user) => user.id}
      renderRow={(user) => (
        <UserRow
          key={user.id}
          user={user}
          isMe={user.id === meId}
          selected={selected.has(user.id)}
          onToggle={() => toggle(user.id)}
          onChangePassword={() => onChangePassword(user)}
        />
      )}
      empty={t('userManagement.empty')}
      sort={{
        state: sort,
        onSort: (key) => setSort((current) => nextSort(current, key)),
        sortByLabel: (column) => t('userManagement.columns.sortBy', { column }),
      }}
      cards
      sortBar={false}
      noWrap
      className={styles.usersTable}
      testId="users-table"
    />
  );
}
