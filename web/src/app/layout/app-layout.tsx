import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { ToastRegion } from '../../components/ui/toast/toast-provider.js';
import { useSocialSignInReturn } from '../../features/auth/hooks/use-social-sign-in-return.js';
import { LanguageSwitch } from '../../features/language/components/language-switch.js';
import { Footer } from '../../features/navigation/components/footer.js';
import { Navbar } from '../../features/navigation/components/navbar.js';
import { UpdatePrompt } from '../update-prompt.js';
import { scrollKey } from './scroll-key.js';
import { useExamOutbox } from './use-exam-outbox.js';
import { useRouteEffects } from './use-route-effects.js';
import styles from './app-layout.module.css';

/** The shared layout of docs/product.md#layout around every screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const navbar = useRef<HTMLElement>(null);
  const navigation = useNavigation();
  useRouteEffects(navbar);
  useSocialSignInReturn();
  useExamOutbox();

  return (
    <>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      {navigation.state === 'loading' && (
        <div className={styles.progress} role="progressbar" aria-label={t('app.loadingPage')} />
      )}
      <Navbar ref={navbar} languageSwitch={<LanguageSwitch />} />
      <ToastRegion />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <UpdatePrompt />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
