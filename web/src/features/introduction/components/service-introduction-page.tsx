import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from '../../../components/ui/icon/icon.js';
import page from '../../../components/ui/page/page.module.css';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { SignupCta } from './signup-cta.js';
import styles from './introduction.module.css';

/** The four feature sections of docs/product.md#static-pages, in order. */
const FEATURES: { key: 'repetition' | 'interview' | 'daily' | 'analytics'; icon: IconName; tone: string }[] = [
  { key: 'repetition', icon: 'repeat', tone: styles.toneBlue! },
  { key: 'interview', icon: 'message', tone: styles.toneViolet! },
  { key: 'daily', icon: 'mail', tone: styles.toneAmber! },
  { key: 'analytics', icon: 'chart', tone: styles.toneTeal! },
];

export function ServiceIntroductionPage() {
  const { t } = useTranslation();
  const { user } = useAuth();

  return (
    <div data-testid="service-introduction">
      <section className={styles.hero}>
        <div className={page.container}>
          <span className={page.eyebrow}>{t('introduction.service.eyebrow')}</span>
          <h1 className={styles.heroTitle}>{t('introduction.service.heading')}</h1>
          <p className={page.lead}>{t('introduction.service.lead')}</p>
          <div className={page.buttons}>
            {user ? (
              <Link to="/" className={page.button}>
                {t('introduction.cta.home')}
              </Link>
            ) : (
              <>
                <Link to="/register" className={page.button}>
                  {t('introduction.cta.signUp')}
                </Link>
                <Link to="/?fromHomeMenu=true" className={page.buttonSecondary}>
                  {t('introduction.cta.explore')}
                </Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section className={page.section} aria-labelledby="intro-features">
        <div className={page.container}>
          <h2 id="intro-features" className={`${page.sectionTitle} ${styles.centered}`}>
            {t('introduction.service.featuresHeading')}
          </h2>
          <div className={styles.features}>
            {FEATURES.map((feature, index) => (
              <article key={feature.key} className={styles.feature} data-testid={`feature-${feature.key}`}>
                <div className={`${styles.featureVisual} ${feature.tone}`} aria-hidden="true">
                  <span className={styles.featureNumber}>{String(index + 1).padStart(2, '0')}</span>
                  <Icon name={feature.icon} className={styles.featureIcon} />
                </div>
                <div className={styles.featureText}>
                  <h3>{t(`introduction.service.features.${feature.key}.title`)}</h3>
                  <p>{t(`introduction.service.features.${feature.key}.description`)}</p>
                  <ul className={styles.checks}>
                    {(
                      t(`introduction.service.features.${feature.key}.points`, { returnObjects: true }) as string[]
                    ).map((point) => (
                      <li key={point}>
                        <Icon name="check" className={styles.checkIcon} />
                        {point}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>

      <SignupCta title={t('introduction.service.closing.title')} text={t('introduction.service.closing.text')} />
    </div>
  );
}
