import { useTranslation } from 'react-i18next';
import { PRIVACY_POLICY } from '../content/privacy-policy.js';
import { LegalPage } from './legal-page.js';

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return <LegalPage title={t('legal.privacy.title')} document={PRIVACY_POLICY} testId="privacy-policy" />;
}
