import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { logout } from '../../../lib/auth/api/logout.js';
import { displayName, type AuthUser } from '../../../lib/auth/auth-user.js';
import styles from './user-menu.module.css';

/** docs/product.md#layout: a dropdown under the user's name with Profile, Favorite and Logout. */
export function UserMenu({ user }: { user: AuthUser }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const name = displayName(user, i18n.language);

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onLogout = async () => {
    setOpen(false);
    await logout();
    navigate('/login');
  };

  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        <span className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        {/* Named by its content, so the spoken name holds the visible one (WCAG 2.5.3). */}
        <span className={styles.name}>{name}</span>
        <span className="visually-hidden">, {t('navigation.userMenu')}</span>
        <svg className={styles.caret} viewBox="0 0 12 12" aria-hidden="true">
          <path d="M3 4.5 6 7.5 9 4.5" />
        </svg>
      </button>
      {open && (
        <div className={styles.menu} role="menu">
          <Link role="menuitem" to="/profile" className={styles.item}>
            {t('navigation.profile')}
          </Link>
          <Link role="menuitem" to="/favorites" className={styles.item}>
            {t('navigation.favorite')}
          </Link>
          <hr className={styles.divider} />
          <button role="menuitem" type="button" className={styles.item} onClick={() => void onLogout()}>
            {t('navigation.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
