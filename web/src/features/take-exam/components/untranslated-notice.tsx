import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import screen from '../../../components/ui/screen/screen.module.css';

/** docs/product.md#take-exam, #limits: the question lacks text in this language; the notice hides after 8 s. */
export function UntranslatedNotice({ show }: { show: boolean }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(show);
  useEffect(() => {
    if (!show) return;
    const timer = setTimeout(() => setVisible(false), 8000);
    return () => clearTimeout(timer);
  }, [show]);
  if (!show || !visible) return null;
  return (
    <p className={screen.notice} role="status" data-testid="untranslated-notice">
      {t('takeExam.untranslated')}
    </p>
  );
}
