import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { Spinner } from '../components/ui/spinner/spinner.js';
import { ToastProvider } from '../components/ui/toast/toast-provider.js';
import { ApiError } from '../lib/api-client.js';
import { currentLanguage, i18n, LOADING_TRANSLATIONS_TEXT, useTranslationsLoading } from '../lib/i18n.js';

const swrConfig: SWRConfiguration = {
  // A 4xx will answer the same again; only server and network failures are worth retrying.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
  revalidateOnFocus: false,
};

/** docs/product.md#layout: while a locale's translations load, a spinner covers the page. */
function TranslationsLoadingOverlay() {
  const loading = useTranslationsLoading();
  return loading ? <Spinner variant="overlay" label={LOADING_TRANSLATIONS_TEXT[currentLanguage()]} /> : null;
}

function Toasts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <ToastProvider closeLabel={t('app.close')}>{children}</ToastProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SWRConfig value={swrConfig}>
        <Toasts>
          {children}
          <TranslationsLoadingOverlay />
        </Toasts>
      </SWRConfig>
    </I18nextProvider>
  );
}
