import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { RouteChunkTimeoutError } from '../../../lib/lazy-route.js';
import { StatusPage, statusPageStyles as styles } from '../../../components/ui/status-page/status-page.js';

/** Error element of the route tree: a chunk that failed or timed out, or a screen that threw. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    // A thrown response is an expected outcome; anything else is a bug or a failed chunk worth seeing.
    if (!isRouteErrorResponse(error)) console.error('route error', error);
  }, [error]);

  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const timedOut = error instanceof RouteChunkTimeoutError;
  const description = notFound
    ? 'statusPages.notFound.description'
    : timedOut
      ? 'statusPages.routeError.timeout'
      : 'statusPages.routeError.description';

  return (
    <StatusPage
      testId="route-error"
      title={t(notFound ? 'statusPages.notFound.title' : 'statusPages.routeError.title')}
      description={t(description)}
      icon={
        <svg viewBox="0 0 24 24">
          <path d="M12 8v5M12 16.5v.5" />
          <path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        </svg>
      }
      actions={
        <>
          <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
            {t('statusPages.routeError.reload')}
          </button>
          <Link to="/?fromHomeMenu=true" className={styles.secondary}>
            {t('statusPages.routeError.home')}
          </Link>
        </>
      }
    />
  );
}
