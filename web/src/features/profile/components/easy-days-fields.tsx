import { useTranslation } from 'react-i18next';
import { EASY_DAY_MODES, type EasyDayMode } from '#shared/domain/workload.js';
import form from '../../../components/ui/form/form.module.css';
import styles from './easy-days-fields.module.css';

/** 2024-01-01 was a Monday: the seven days from it name the weekdays in the learner's language. */
const MONDAY = Date.UTC(2024, 0, 1);

/**
 * Easy Days (D326): for each weekday, how much of a normal day's reviews it may carry, and the load
 * balancer's switch. Both act only where a review's due day may fall inside its fuzz range.
 */
export function EasyDaysFields(props: {
  id: string;
  easyDays: EasyDayMode[];
  onEasyDays: (days: EasyDayMode[]) => void;
  balancing: boolean;
  onBalancing: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  const { id, easyDays } = props;
  return (
    <>
      <fieldset className={`${styles.days} ${form.wide}`} aria-describedby={`${id}-easy-hint`}>
        <legend className={form.label}>{t('profile.workload.easyDays')}</legend>
        <p id={`${id}-easy-hint`} className={form.hint}>
          {t('profile.workload.easyDaysHint')}
        </p>
        <div className={styles.grid}>
          {easyDays.map((mode, index) => (
            <div key={index} className={form.field}>
              <label className={styles.dayLabel} htmlFor={`${id}-easy-${index}`}>
                {weekday.format(MONDAY + index * 86_400_000)}
              </label>
              <select
                id={`${id}-easy-${index}`}
                className={form.select}
                value={mode}
                data-testid={`easy-day-${index}`}
                onChange={(event) =>
                  props.onEasyDays(easyDays.map((m, i) => (i === index ? (event.target.value as EasyDayMode) : m)))
                }
              >
                {EASY_DAY_MODES.map((option) => (
                  <option key={option} value={option}>
                    {t(`profile.workload.mode.${option}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </fieldset>
      <div className={`${styles.toggle} ${form.wide}`}>
        <input
          id={`${id}-balance`}
          type="checkbox"
          className={form.checkbox}
          checked={props.balancing}
          onChange={(event) => props.onBalancing(event.target.checked)}
          aria-describedby={`${id}-balance-hint`}
          data-testid="load-balancing"
        />
        <label className={form.label} htmlFor={`${id}-balance`}>
          {t('profile.workload.balancing')}
        </label>
        <p id={`${id}-balance-hint`} className={`${form.hint} ${styles.toggleHint}`}>
          {t('profile.workload.balancingHint')}
        </p>
      </div>
    </>
  );
}
