import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import card from '../../../components/ui/card/card.module.css';
import { Icon, type IconName } from '../../../components/ui/icon/icon.js';
import page from '../../../components/ui/page/page.module.css';
import styles from './getting-started-page.module.css';

/** The six steps of docs/product.md#static-pages, each linking to the screen where it happens. */
const STEPS: { key: string; icon: IconName; to: string }[] = [
  { key: 'uploadFiles', icon: 'file', to: '/question-files' },
  { key: 'createStudy', icon: 'users', to: '/study-management' },
  { key: 'createExam', icon: 'clipboard', to: '/create-exam' },
  { key: 'startPractice', icon: 'play', to: '/exam-management' },
  { key: 'setupProfile', icon: 'mail', to: '/profile' },
  { key: 'viewResults', icon: 'chart', to: '/results' },
];

export function GettingStartedPage() {
  const { t } = useTranslation();
  return (
    <div className={`${page.container} ${styles.page}`} data-testid="getting-started">
      <header className={styles.header}>
        <span className={page.eyebrow}>{t('gettingStarted.eyebrow')}</span>
        <h1 className={styles.title}>{t('gettingStarted.heading')}</h1>
        <p className={page.lead}>{t('gettingStarted.lead')}</p>
      </header>

      <ol className={styles.steps}>
        {STEPS.map((step, index) => (
          <li key={step.key} className={`${card.panel} ${styles.step}`}>
            <div className={styles.stepHead}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <Icon name={step.icon} className={styles.icon} />
            </div>
            <span className={styles.label}>{t('gettingStarted.stepLabel', { number: index + 1 })}</span>
            <h2 className={styles.stepTitle}>{t(`gettingStarted.steps.${step.key}.title`)}</h2>
            <p className={styles.description}>{t(`gettingStarted.steps.${step.key}.description`)}</p>
            <Link to={step.to} className={styles.go}>
              {t('gettingStarted.go')}
              <Icon name="arrowRight" className={styles.arrow} />
            </Link>
          </li>
        ))}
      </ol>

      <div className={styles.footer}>
        <Link to="/?fromHomeMenu=true" className={page.buttonSecondary}>
          {t('gettingStarted.backHome')}
        </Link>
      </div>
    </div>
  );
}
