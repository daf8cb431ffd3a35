import button from '../button/button.module.css';
import styles from './load-more.module.css';

interface LoadMoreProps {
  /** The list has another page. */
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => unknown;
  label: string;
  loadingLabel: string;
  testId: string;
}

/** "Show more" under a cursor-paged list (use-api-pages.ts): asks for the next page; nothing when there is none. */
export function LoadMore({ hasMore, loading, onLoadMore, label, loadingLabel, testId }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className={styles.more}>
      <button
        type="button"
        className={`${button.button} ${button.secondary}`}
        disabled={loading}
        onClick={() => void onLoadMore()}
        data-testid={testId}
      >
        {loading ? loadingLabel : label}
      </button>
    </div>
  );
}
