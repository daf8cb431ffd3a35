import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { Switch } from '../../../components/ui/switch/switch.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { clearClientCaches, isCachingEnabled, setCachingEnabled } from '../../../lib/client-cache.js';
import styles from './profile-page.module.css';

/** Cache settings (docs/product.md#profile): client side only — the switch and "clear all". */
export function CacheSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const [enabled, setEnabled] = useState(isCachingEnabled);

  const onToggle = (next: boolean) => {
    try {
      setCachingEnabled(next);
      setEnabled(isCachingEnabled());
      toast.success(next ? t('profile.cache.turnedOn') : t('profile.cache.turnedOff'));
    } catch {
      toast.error(t('profile.cache.updateFailed'));
    }
  };

  const onClear = () => {
    try {
      clearClientCaches();
      toast.success(t('profile.cache.cleared'));
    } catch {
      toast.error(t('profile.cache.updateFailed'));
    }
  };

  return (
    <Card
      id="profile-cache"
      testId="profile-cache"
      title={t('profile.cache.title')}
      description={t('profile.cache.description')}
    >
      <div className={styles.stack}>
        <Switch
          checked={enabled}
          onChange={onToggle}
          label={t('profile.cache.enabled')}
          description={t('profile.cache.enabledHint')}
          testId="cache-enabled"
        />
        <div>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={onClear}>
            {t('profile.cache.clearAll')}
          </button>
        </div>
      </div>
    </Card>
  );
}
