import { useTranslation } from 'react-i18next';
import type { MemoryFit } from '#shared/contracts/memory-fit.js';
import form from '../../../components/ui/form/form.module.css';
import styles from './memory-fit-section.module.css';

const decimal = (value: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value);

/**
 * How the last fit was judged: the log loss on the learner's newest (held-back) reviews of the
 * weights before and of the fit, and whether the fit was kept. Nothing when no fit was judged.
 */
export function MemoryFitResult({ fit }: { fit: MemoryFit }) {
  const { t, i18n } = useTranslation();
  if (fit.log_loss_before === null || fit.log_loss_after === null || !fit.kind) return null;
  const kept = fit.outcome === 'fitted';
  return (
    <section aria-labelledby="memory-fit-result-title" data-testid="memory-fit-result">
      <h3 id="memory-fit-result-title" className={styles.heading}>
        {t('profile.memoryFit.result.title')}
      </h3>
      <dl className={form.grid}>
        <div className={form.field}>
          <dt className={form.label}>{t('profile.memoryFit.result.before')}</dt>
          <dd className={styles.figure} data-testid="memory-fit-loss-before">
            {decimal(fit.log_loss_before, i18n.language)}
          </dd>
        </div>
        <div className={form.field}>
          <dt className={form.label}>{t('profile.memoryFit.result.after')}</dt>
          <dd className={styles.figure} data-testid="memory-fit-loss-after">
            {decimal(fit.log_loss_after, i18n.language)}
          </dd>
        </div>
      </dl>
      <p className={form.hint}>{t('profile.memoryFit.result.hint')}</p>
      <p data-testid="memory-fit-kept">
        {t(kept ? 'profile.memoryFit.result.kept' : 'profile.memoryFit.result.notKept', { count: fit.held_back })}{' '}
        {t(`profile.memoryFit.result.kind.${fit.kind}`, {
          full: new Intl.NumberFormat(i18n.language).format(fit.full_min_reviews),
        })}
      </p>
    </section>
  );
}
