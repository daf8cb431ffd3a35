import { useTranslation } from 'react-i18next';
import { pageRange, pageWindow } from '../utils/results-pagination.js';
import styles from './results.module.css';

interface Props {
  page: number;
  pages: number;
  total: number;
  onPage(page: number): void;
}

/**
 * First, previous, up to 5 page numbers, next, last, and "11–20 / 57" (docs/product.md#results, #limits).
 * A page button's name is its number, as shown (the list's label says what the numbers are;
 * "Page 2" did not match the visible "2"); the arrows, which show no word, are named by aria-label.
 */
export function ResultsPagination({ page, pages, total, onPage }: Props) {
  const { t } = useTranslation();
  const range = pageRange(page, total);
  const go = (target: number) => {
    if (target !== page) onPage(target);
  };
  const atStart = page <= 1;
  const atEnd = page >= pages;
  return (
    <nav className={styles.pagination} aria-label={t('results.pagination.label')} data-testid="results-pagination">
      <span className={styles.range} data-testid="results-range">
        {t('results.pagination.range', range)}
      </span>
      <div className={styles.pageButtons}>
        <button
          type="button"
          className={styles.pageButton}
          disabled={atStart}
          onClick={() => go(1)}
          aria-label={t('results.pagination.first')}
          title={t('results.pagination.first')}
          data-testid="page-first"
        >
          <span aria-hidden="true">«</span>
        </button>
        <button
          type="button"
          className={styles.pageButton}
          disabled={atStart}
          onClick={() => go(page - 1)}
          aria-label={t('results.pagination.previous')}
          title={t('results.pagination.previous')}
          data-testid="page-previous"
        >
          <span aria-hidden="true">‹</span>
        </button>
        {pageWindow(page, pages).map((number) => (
          <button
            key={number}
            type="button"
            className={`${styles.pageButton} ${number === page ? styles.pageCurrent : ''}`}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => go(number)}
            data-testid={`page-${number}`}
          >
            {number}
          </button>
        ))}
        <button
          type="button"
          className={styles.pageButton}
          disabled={atEnd}
          onClick={() => go(page + 1)}
          aria-label={t('results.pagination.next')}
          title={t('results.pagination.next')}
          data-testid="page-next"
        >
          <span aria-hidden="true">›</span>
        </button>
        <button
          type="button"
          className={styles.pageButton}
          disabled={atEnd}
          onClick={() => go(pages)}
          aria-label={t('results.pagination.last')}
          title={t('results.pagination.last')}
          data-testid="page-last"
        >
          <span aria-hidden="true">»</span>
        </button>
      </div>
    </nav>
  );
}
