import { useTranslation } from 'react-i18next';

// SCAFFOLD: replaced by the take-exam screen (issue 5).
export function TakeExamPage() {
  const { t } = useTranslation();
  return <h1>{t('takeExam.title')}</h1>;
}
