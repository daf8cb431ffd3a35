import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { introPath } from '../../../lib/host.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { BrandLogo } from './brand-logo.js';
import { UserMenu } from './user-menu.js';
import styles from './navbar.module.css';

/** Logged-out visitors reach home through this flag, else home would send them to the intro. */
const GUEST_HOME = '/?fromHomeMenu=true';

/**
 * `ref` reaches the header so the layout can measure it (mobile scroll below the navbar).
 * `languageSwitch` is another feature's control, so the app layout composes it in.
 */
export function Navbar({ ref, languageSwitch }: { ref?: Ref<HTMLElement>; languageSwitch: ReactNode }) {
  const { t } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A tap on a link navigates; the open phone menu should not stay over the new page.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  const homeTarget = isAuthenticated ? '/' : GUEST_HOME;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.link} ${styles.active}` : styles.link;

  return (
    <header ref={ref} className={styles.navbar} data-testid="navbar">
      <div className={styles.inner}>
        <Link to={homeTarget} className={styles.brand} aria-label={t('navigation.brandHome')}>
          <BrandLogo className={styles.logo} />
          <span>Quizbank</span>
        </Link>

        <nav
          id="main-menu"
          className={`${styles.menu} ${menuOpen ? styles.menuOpen : ''}`}
          aria-label={t('navigation.mainMenu')}
        >
          {!isAuthenticated && (
            <NavLink to={introPath()} className={linkClass}>
              {t('navigation.intro')}
            </NavLink>
          )}
          <NavLink to={homeTarget} className={() => linkClass({ isActive: location.pathname === '/' })} end>
            {t('navigation.home')}
          </NavLink>
          <NavLink to="/study-management" className={linkClass}>
            {t('navigation.study')}
          </NavLink>
          <NavLink to="/exam-management" className={linkClass}>
            {t('navigation.exam')}
          </NavLink>
          {isAuthenticated && (
            <NavLink to="/review" className={linkClass} data-testid="nav-review">
              {t('navigation.review')}
            </NavLink>
          )}
          {isAuthenticated && (
            <NavLink to="/results" className={linkClass} data-testid="nav-results">
              {t('navigation.results')}
            </NavLink>
          )}
        </nav>

        <div className={styles.actions}>
          {languageSwitch}
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/login" className={styles.login}>
              {t('navigation.login')}
            </Link>
          )}
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            aria-label={menuOpen ? t('navigation.closeMenu') : t('navigation.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="menu-toggle"
          >
            <span className={styles.bars} aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  );
}
