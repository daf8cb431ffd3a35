import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from '../../../components/ui/icon/icon.js';
import page from '../../../components/ui/page/page.module.css';
import { SignupCta } from './signup-cta.js';
import styles from './introduction.module.css';

const CATEGORIES: { key: string; icon: IconName }[] = [
  { key: 'cicd', icon: 'branch' },
  { key: 'kubernetes', icon: 'hexagon' },
  { key: 'cloud', icon: 'cloud' },
  { key: 'systemDesign', icon: 'layers' },
  { key: 'linux', icon: 'terminal' },
  { key: 'sre', icon: 'activity' },
];
const LEVELS = ['junior', 'mid', 'senior'] as const;
const ROADMAP = ['foundations', 'delivery', 'operations', 'design'] as const;

/** The interview-preparation landing page of docs/product.md#static-pages (the intro page of devops hosts). */
export function DevopsInterviewPage() {
  const { t } = useTranslation();

  return (
    <div data-testid="devops-interview">
      <section className={`${styles.hero} ${styles.heroDark}`}>
        <div className={page.container}>
          <span className={`${page.eyebrow} ${styles.eyebrowDark}`}>{t('introduction.devops.eyebrow')}</span>
          <h1 className={styles.heroTitle}>{t('introduction.devops.heading')}</h1>
          <p className={`${page.lead} ${styles.leadDark}`}>{t('introduction.devops.lead')}</p>
          <div className={page.buttons}>
            <Link to="/study-management" className={page.buttonOnDark}>
              <Icon name="users" className={page.buttonIcon} />
              {t('introduction.devops.studies')}
            </Link>
            <Link to="/exam-management" className={styles.ghostDark}>
              <Icon name="clipboard" className={page.buttonIcon} />
              {t('introduction.devops.exams')}
            </Link>
          </div>
        </div>
      </section>

      <section className={page.section} aria-labelledby="devops-categories">
        <div className={page.container}>
          <h2 id="devops-categories" className={page.sectionTitle}>
            {t('introduction.devops.categoriesHeading')}
          </h2>
          <p className={page.lead}>{t('introduction.devops.categoriesLead')}</p>
          <ul className={styles.categoryGrid}>
            {CATEGORIES.map((category) => (
              <li key={category.key} className={styles.category}>
                <span className={styles.categoryIcon}>
                  <Icon name={category.icon} />
                </span>
                <h3>{t(`introduction.devops.categories.${category.key}.title`)}</h3>
                <p>{t(`introduction.devops.categories.${category.key}.description`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${page.section} ${page.sectionAlt}`} aria-labelledby="devops-levels">
        <div className={page.container}>
          <h2 id="devops-levels" className={page.sectionTitle}>
            {t('introduction.devops.levelsHeading')}
          </h2>
          <ul className={styles.levelGrid}>
            {LEVELS.map((level, index) => (
              <li key={level} className={styles.level}>
                <span className={styles.levelBars} aria-hidden="true">
                  {LEVELS.map((_, bar) => (
                    <span key={bar} className={bar <= index ? styles.barOn : styles.barOff} />
                  ))}
                </span>
                <h3>{t(`introduction.devops.levels.${level}.title`)}</h3>
                <p>{t(`introduction.devops.levels.${level}.description`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={page.section} aria-labelledby="devops-roadmap">
        <div className={page.container}>
          <h2 id="devops-roadmap" className={page.sectionTitle}>
            {t('introduction.devops.roadmapHeading')}
          </h2>
          <ol className={styles.roadmap}>
            {ROADMAP.map((stage, index) => (
              <li key={stage} className={styles.stage}>
                <span className={styles.stageNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span className={styles.stageLabel}>{t('introduction.devops.step', { number: index + 1 })}</span>
                <h3>{t(`introduction.devops.roadmap.${stage}.title`)}</h3>
                <p>{t(`introduction.devops.roadmap.${stage}.description`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <SignupCta title={t('introduction.devops.closing.title')} text={t('introduction.devops.closing.text')} />
    </div>
  );
}
