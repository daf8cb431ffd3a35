import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner/spinner.js';

/** Shown while the first screen's chunk loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return <Spinner variant="page" label={t('app.loadingPage')} />;
}
