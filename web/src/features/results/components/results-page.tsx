import { useTranslation } from 'react-i18next';

// SCAFFOLD: replaced by the results screen (issue 5).
export function ResultsPage() {
  const { t } = useTranslation();
  return <h1>{t('results.title')}</h1>;
}
