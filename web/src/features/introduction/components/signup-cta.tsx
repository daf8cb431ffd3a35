import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import page from '../../../components/ui/page/page.module.css';
import { useAuth } from '../../../lib/auth/use-auth.js';
import styles from './introduction.module.css';

/** Sign-up and login call to action; docs/product.md#static-pages shows it only when no user is stored locally. */
export function SignupCta({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (user) return null;
  return (
    <section className={page.section} data-testid="signup-cta">
      <div className={page.container}>
        <div className={styles.ctaBand}>
          <div>
            <h2 className={styles.ctaTitle}>{title}</h2>
            <p className={styles.ctaText}>{text}</p>
          </div>
          <div className={styles.ctaButtons}>
            <Link to="/register" className={page.buttonOnDark}>
              {t('introduction.cta.signUp')}
            </Link>
            <Link to="/login" className={styles.ctaLogin}>
              {t('introduction.cta.login')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
