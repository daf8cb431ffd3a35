import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { useDebounced } from '../../../lib/use-debounced.js';
import { useUserSearch } from '../api/search-users.js';
import styles from './study-members.module.css';

export interface FoundUser {
  id: string;
  username: string;
  display_name: string;
  email: string | null;
}

interface Props {
  studyId: string;
  /** Users already linked to a member: shown, but cannot be chosen (docs/product.md#member-management). */
  memberUserIds: ReadonlySet<string>;
  onChoose(user: FoundUser): void;
}

const SEARCH_DEBOUNCE_MS = 300;

/** A search of registered users (username prefix) with a choose button per result. */
export function UserSearch({ studyId, memberUserIds, onChoose }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const query = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(query, studyId);
  const users = query.trim() ? (search.data?.users ?? []) : [];

  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={inputId}>
        {t('studyMembers.search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        className={form.input}
        value={text}
        placeholder={t('studyMembers.search.placeholder')}
        onChange={(event) => setText(event.target.value)}
        data-testid="user-search-input"
      />
      {search.error && <p className={form.error}>{t('studyMembers.search.failed')}</p>}
      {query.trim() && search.data && users.length === 0 && (
        <p className={form.hint}>{t('studyMembers.search.none')}</p>
      )}
      {users.length > 0 && (
        <ul className={styles.results} data-testid="user-search-results">
          {users.map((user) => {
            const taken = memberUserIds.has(user.id);
            return (
              <li key={user.id} className={styles.result}>
                <span>
                  <strong>{user.username}</strong>
                  {user.display_name && user.display_name !== user.username && (
                    <span className={screen.muted}> · {user.display_name}</span>
                  )}
                  {user.email && <span className={screen.muted}> · {user.email}</span>}
                </span>
                {taken ? (
                  <span className={screen.muted}>{t('studyMembers.search.alreadyMember')}</span>
                ) : (
                  <button
                    type="button"
                    className={`${button.button} ${button.secondary} ${button.small}`}
                    onClick={() => onChoose(user)}
                    data-testid="user-search-choose"
                  >
                    {t('studyMembers.search.choose')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
