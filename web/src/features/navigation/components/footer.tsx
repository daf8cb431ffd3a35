import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SITE } from '../../../config/site.js';
import { BrandLogo } from './brand-logo.js';
import styles from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Link to="/service-introduction" className={styles.brand}>
            <BrandLogo className={styles.logo} />
            <span>Quizbank</span>
          </Link>
          <p className={styles.tagline}>{t('navigation.footer.tagline')}</p>
        </div>

        <nav className={styles.column} aria-labelledby="footer-examples">
          <h2 id="footer-examples" className={styles.heading}>
            {t('navigation.footer.exampleStudies')}
          </h2>
          {SITE.exampleStudies.map((study) => (
            <a key={study.key} href={study.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
              {t(`navigation.footer.${study.key}`)}
              <span className="visually-hidden"> {t('navigation.footer.opensInNewTab')}</span>
              <svg className={styles.external} viewBox="0 0 12 12" aria-hidden="true">
                <path d="M4.5 2.5h5v5M9.5 2.5 3 9" />
              </svg>
            </a>
          ))}
        </nav>

        <nav className={styles.column} aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={styles.heading}>
            {t('navigation.footer.legal')}
          </h2>
          <Link to="/privacy-policy" className={styles.link}>
            {t('navigation.footer.privacyPolicy')}
          </Link>
          <Link to="/terms-of-service" className={styles.link}>
            {t('navigation.footer.termsOfService')}
          </Link>
        </nav>

        <nav className={styles.column} aria-labelledby="footer-company">
          <h2 id="footer-company" className={styles.heading}>
            {t('navigation.footer.company')}
          </h2>
          <Link to="/service-introduction" className={styles.link}>
            {t('navigation.footer.about')}
          </Link>
          <a href={`mailto:${SITE.contactEmail}`} className={styles.link}>
            {SITE.contactEmail}
          </a>
        </nav>
      </div>
      <p className={styles.copyright}>{t('navigation.footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
