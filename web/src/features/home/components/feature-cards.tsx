import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Icon, type IconName } from '../../../components/ui/icon/icon.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useOpenDailyExam } from '../../daily-exam/index.js';
import { useRandomPracticeEntry } from '../../random-practice/index.js';
import styles from './feature-cards.module.css';

type CardKey =
  | 'gettingStarted'
  | 'studyManagement'
  | 'examManagement'
  | 'dailyExam'
  | 'questionFiles'
  | 'randomPractice'
  | 'userManagement';

interface Card {
  key: CardKey;
  icon: IconName;
  to: string;
  tone: 'blue' | 'teal' | 'violet' | 'amber' | 'rose' | 'slate';
  /** docs/product.md#roles: anonymous visitors are sent to /login instead. */
  needsLogin?: boolean;
  adminOnly?: boolean;
}

const CARDS: Card[] = [
  { key: 'gettingStarted', icon: 'play', to: '/getting-started', tone: 'blue' },
  { key: 'studyManagement', icon: 'users', to: '/study-management', tone: 'teal' },
  { key: 'examManagement', icon: 'clipboard', to: '/exam-management', tone: 'violet' },
  { key: 'dailyExam', icon: 'calendar', to: '/login', tone: 'amber', needsLogin: true },
  { key: 'questionFiles', icon: 'file', to: '/question-files', tone: 'slate' },
  // An action: docs/product.md#home's rules (loading, no studies) are the random-practice feature's.
  { key: 'randomPractice', icon: 'shuffle', to: '/random-practice', tone: 'rose', needsLogin: true },
  { key: 'userManagement', icon: 'shield', to: '/user-management', tone: 'slate', adminOnly: true },
];

/** The home grid of docs/product.md#home. Cards are links; the daily exam card is an action. */
export function FeatureCards() {
  const { t } = useTranslation();
  const { isAuthenticated, isAdmin } = useAuth();
  const openDailyExam = useOpenDailyExam('home');
  const navigate = useNavigate();
  const openRandomPractice = useRandomPracticeEntry();
  const visible = CARDS.filter((card) => !card.adminOnly || isAdmin);

  const content = (card: Card) => (
    <>
      <span className={`${styles.icon} ${styles[card.tone]}`}>
        <Icon name={card.icon} />
      </span>
      <span className={styles.text}>
        <span className={styles.titleRow}>
          <span className={styles.title}>{t(`home.cards.${card.key}.title`)}</span>
          {card.adminOnly && <span className={styles.badge}>{t('home.cards.adminOnly')}</span>}
          {card.needsLogin && !isAuthenticated && (
            <span className={styles.badgeMuted}>{t('home.cards.loginRequired')}</span>
          )}
        </span>
        <span className={styles.description}>{t(`home.cards.${card.key}.description`)}</span>
      </span>
      <span className={styles.open}>
        {t('home.cards.open')}
        <Icon name="arrowRight" className={styles.arrow} />
      </span>
    </>
  );

  return (
    <ul className={styles.grid} data-testid="feature-cards">
      {visible.map((card) => (
        <li key={card.key}>
          {card.key === 'dailyExam' ? (
            // docs/product.md#home: an action, not a link — today's exam is built (or found) first, then opened.
            <button
              type="button"
              className={styles.card}
              data-testid="daily-exam-card"
              onClick={() => (isAuthenticated ? void openDailyExam() : navigate('/login'))}
            >
              {content(card)}
            </button>
          ) : card.key === 'randomPractice' ? (
            <button
              type="button"
              className={styles.card}
              onClick={openRandomPractice}
              data-testid="random-practice-card"
            >
              {content(card)}
            </button>
          ) : (
            <Link className={styles.card} to={card.needsLogin && !isAuthenticated ? '/login' : card.to}>
              {content(card)}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
