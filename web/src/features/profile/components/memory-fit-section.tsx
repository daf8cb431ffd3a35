import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { fitMemory } from '../api/fit-memory.js';
import { useMemoryFit } from '../api/get-memory-fit.js';
import { MemoryFitResult } from './memory-fit-result.js';
import styles from './memory-fit-section.module.css';

const percent = (value: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value);

/**
 * Per-learner FSRS: the learner's measured retention next to the desired one, how the last fit
 * did on their newest reviews, whether their schedule uses weights fitted to their own reviews,
 * and the button that fits them now.
 */
export function MemoryFitSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { data, error, isLoading } = useMemoryFit();
  const [fitting, setFitting] = useState(false);
  const tooFew = !!data && !data.personal && data.review_count < data.min_reviews;

  const onFit = async () => {
    setFitting(true);
    try {
      const next = await fitMemory();
      toast.success(t(`profile.memoryFit.outcome.${next.outcome ?? 'too_few_reviews'}`));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'too_many_requests')
        toast.error(t('profile.memoryFit.tooSoon'));
      else toast.error(serverDetailOr(failure, t, t('profile.memoryFit.failed')));
    } finally {
      setFitting(false);
    }
  };

  return (
    <Card
      id="profile-memory-fit"
      testId="profile-memory-fit"
      title={t('profile.memoryFit.title')}
      description={t('profile.memoryFit.description')}
    >
      {isLoading && <p>{t('profile.memoryFit.loading')}</p>}
      {error && <p role="alert">{t('profile.memoryFit.loadFailed')}</p>}
      {data && (
        <>
          <dl className={form.grid} data-testid="memory-fit-figures">
            <div className={form.field}>
              <dt className={form.label}>{t('profile.memoryFit.measured')}</dt>
              <dd className={styles.figure} data-testid="memory-fit-measured">
                {data.measured_retention === null
                  ? t('profile.memoryFit.noReviews')
                  : percent(data.measured_retention, i18n.language)}
              </dd>
            </div>
            <div className={form.field}>
              <dt className={form.label}>{t('profile.memoryFit.desired')}</dt>
              <dd className={styles.figure} data-testid="memory-fit-desired">
                {percent(data.desired_retention, i18n.language)}
              </dd>
            </div>
          </dl>
          <MemoryFitResult fit={data} />
          <p className={form.hint} data-testid="memory-fit-state">
            {data.personal
              ? t('profile.memoryFit.personal', { count: data.review_count })
              : t('profile.memoryFit.defaults', { count: data.review_count, min: data.min_reviews })}
          </p>
          <div className={form.actions}>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              onClick={() => void onFit()}
              // Below the minimum the fit can only refuse: the button says so instead of offering it.
              disabled={fitting || tooFew}
              aria-describedby={tooFew ? 'memory-fit-need-more' : undefined}
              data-testid="memory-fit-button"
            >
              {fitting ? t('profile.memoryFit.fitting') : t('profile.memoryFit.fit')}
            </button>
            {tooFew && (
              <p id="memory-fit-need-more" className={form.hint} data-testid="memory-fit-need-more">
                {t('profile.memoryFit.needMore', { count: data.review_count, min: data.min_reviews })}
              </p>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
