import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon/icon.js';
import page from '../../../components/ui/page/page.module.css';
import { introPath } from '../../../lib/host.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { displayName, isNewUser } from '../../../lib/auth/auth-user.js';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useRecentResults } from '../../results/index.js';
import { useMyStudies } from '../../studies/index.js';
import { useDueToday } from '../api/get-due-today.js';
import { DueToday } from './due-today.js';
import { FeatureCards } from './feature-cards.js';
import { OpenStudies } from './open-studies.js';
import { RecentResults } from './recent-results.js';
import styles from './home-page.module.css';

/**
 * Home (docs/product.md#home). A logged-out visitor lands on the intro page unless they came through the
 * Home menu (?fromHomeMenu=true). A signed-in user also sees their open studies and recent
 * results. The daily exam call belongs to a later issue.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const settled = useSectionsSettled(user !== null);

  if (!user && params.get('fromHomeMenu') !== 'true') return <Navigate to={introPath()} replace />;

  const cards = (
    <section className={page.section} aria-labelledby="home-cards">
      <div className={page.container}>
        <h2 id="home-cards" className={page.sectionTitle}>
          {t('home.cards.heading')}
        </h2>
        <FeatureCards />
      </div>
    </section>
  );

  // Signed in, the learner's own studies and results come right after a short welcome (on a phone
  // they once sat below about 1,600 px of hero and feature cards); the cards follow them.
  return (
    <div data-testid="home-page">
      <section className={`${styles.hero} ${user ? styles.heroSignedIn : ''}`} data-testid="home-hero">
        <div className={`${page.container} ${styles.heroInner}`}>
          <span className={page.eyebrow}>
            {user
              ? t(isNewUser(user) ? 'home.hero.welcomeNew' : 'home.hero.welcome', {
                  name: displayName(user, i18n.language),
                })
              : t('home.hero.eyebrow')}
          </span>
          <h1 className={styles.title}>{t('home.hero.title')}</h1>
          <p className={`${page.lead} ${styles.lead}`}>{t('home.hero.lead')}</p>
          <div className={page.buttons}>
            <Link to="/getting-started" className={page.button}>
              {t('home.hero.start')}
              <Icon name="arrowRight" className={page.buttonIcon} />
            </Link>
            <Link to="/study-management" className={page.buttonSecondary}>
              {t('home.hero.browseStudies')}
            </Link>
          </div>
        </div>
      </section>

      {!user && cards}
      {user && !settled && <Spinner label={t('app.loadingPage')} />}
      {user && settled && (
        <>
          <DueToday />
          <OpenStudies />
          <RecentResults />
          {cards}
        </>
      )}
    </div>
  );
}

/**
 * Whether the signed-in sections' three reads have all answered (or failed). The sections show
 * together once they have, so one arriving late never pushes down another already on screen
 * (home's layout shift was 0.2–0.3 at 390 px, D254); each section still reads its own data.
 */
function useSectionsSettled(signedIn: boolean): boolean {
  const reads = [useDueToday(signedIn), useMyStudies(signedIn), useRecentResults(signedIn)];
  return reads.every((read) => read.data !== undefined || read.error !== undefined);
}
