import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/domain/language.js';
import { useSwitchLanguage } from '../hooks/use-switch-language.js';
import styles from './language-switch.module.css';

/** The button names the language it switches to (KR on English pages, EN on Korean ones). */
const CODE: Record<Language, string> = { ko: 'KR', en: 'EN' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { switchLanguage, pending } = useSwitchLanguage();
  const current: Language = i18n.language === 'en' ? 'en' : 'ko';
  const target: Language = current === 'ko' ? 'en' : 'ko';

  return (
    <button
      type="button"
      className={styles.switch}
      onClick={() => void switchLanguage(target)}
      disabled={pending}
      // The spoken name starts with the visible code (WCAG 2.5.3, axe label-content-name-mismatch).
      aria-label={`${CODE[target]}, ${t('language.switchTo')}`}
      title={t('language.switchTo')}
      data-testid="language-switch"
      lang={target}
    >
      <svg className={styles.globe} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </svg>
      <span>{CODE[target]}</span>
    </button>
  );
}
