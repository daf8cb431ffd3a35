import { useTranslation } from 'react-i18next';
import { TERMS_OF_SERVICE } from '../content/terms-of-service.js';
import { LegalPage } from './legal-page.js';

export function TermsOfServicePage() {
  const { t } = useTranslation();
  return <LegalPage title={t('legal.terms.title')} document={TERMS_OF_SERVICE} testId="terms-of-service" />;
}
