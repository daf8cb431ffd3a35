import type { UserAnswer } from '#shared/contracts/users.js';
import type { SortState } from '../../../lib/table-sort.js';

export type UserSortKey = 'name' | 'username' | 'email' | 'role' | 'date_joined';
/** A click on a header turns the active column's direction; another column starts ascending (lib/table-sort's `nextSort`). */
export type UserSort = SortState<UserSortKey>;

/** docs/product.md#user-management: the table opens sorted by username, ascending. */
export const DEFAULT_USER_SORT: UserSort = { key: 'username', direction: 'asc' };

type SortableUser = Pick<UserAnswer, 'username' | 'email' | 'first_name' | 'last_name' | 'role' | 'date_joined'>;

/** The name column: first and last name, as the server's users sheet writes it. */
export function userFullName(user: Pick<UserAnswer, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter((part) => part && part.trim()).join(' ');
}

const collator = new Intl.Collator('ko', { numeric: true, sensitivity: 'base' });

function valueOf(user: SortableUser, key: UserSortKey): string {
  return key === 'name' ? userFullName(user) : (user[key] ?? '');
}

/**
 * A sorted copy. Text compares with Korean collation (Hangul and Latin mixed, numbers in order);
 * join dates compare as ISO strings; empty values go last in either direction; ties fall back
 * to the username so the order is stable.
 */
export function sortUsers<U extends SortableUser>(users: readonly U[], sort: UserSort): U[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...users].sort((a, b) => {
    const x = valueOf(a, sort.key);
    const y = valueOf(b, sort.key);
    if (!x && y) return 1;
    if (x && !y) return -1;
    const primary = sort.key === 'date_joined' ? (x < y ? -1 : x > y ? 1 : 0) : collator.compare(x, y);
    if (primary !== 0) return primary * sign;
    return collator.compare(a.username, b.username);
  });
}

/** docs/product.md#user-management: join dates in the Korean locale format (2025. 8. 1.), whatever the language. */
export function formatJoinDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleDateString('ko-KR');
}
