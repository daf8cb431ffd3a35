import { useTranslation } from 'react-i18next';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import button from '../../../components/ui/button/button.module.css';
import { LoadMore } from '../../../components/ui/load-more/load-more.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import type { ExamList } from '../hooks/use-exam-list.js';
import type { ExamNode } from '../utils/exam-tree.js';
import { ExamItem, type ExamAction } from './exam-item.js';

interface ExamTreeListProps {
  list: ExamList['list'];
  nodes: ExamNode[];
  emptyText: string;
  /** A line above the rows about how the list was chosen; shown with the rows it speaks of. */
  notice?: string;
  user: AuthUser | null;
  isAdmin: boolean;
  selected: ReadonlySet<string>;
  onToggleSelect(id: string): void;
  onAction(action: ExamAction, exam: Exam): void;
  busy: boolean;
}

/** The exam rows, each original with its versions, and the list's states: loading, failed, empty, more to load. */
export function ExamTreeList({
  list,
  nodes,
  emptyText,
  notice,
  user,
  isAdmin,
  selected,
  onToggleSelect,
  onAction,
  busy,
}: ExamTreeListProps) {
  const { t } = useTranslation();
  return (
    <>
      {list.isLoading && !list.firstPage && <Spinner label={t('exams.list.loading')} />}
      {!list.firstPage && list.error && !list.isLoading && (
        <div className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} role="alert">
          <p>{serverDetailOr(list.error, t, t('exams.list.loadFailed'))}</p>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void list.reload()}>
            {t('exams.list.retry')}
          </button>
        </div>
      )}
      {notice && (
        <p className={`${screen.notice} ${screen.listNotice}`} role="status" data-testid="exam-list-notice">
          {notice}
        </p>
      )}
      {list.firstPage && nodes.length === 0 && (
        <p className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} data-testid="exam-list-empty">
          {emptyText}
        </p>
      )}
      {nodes.length > 0 && (
        <ul className={screen.cardList} data-testid="exam-list">
          {nodes.map((node) => (
            <ExamItem
              key={node.exam.id}
              exam={node.exam}
              versions={node.children}
              user={user}
              isAdmin={isAdmin}
              selected={selected}
              onToggleSelect={onToggleSelect}
              onAction={onAction}
              busy={busy}
            />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={list.hasMore}
        loading={list.isLoadingMore}
        onLoadMore={list.loadMore}
        label={t('exams.list.loadMore')}
        loadingLabel={t('exams.list.loadingMore')}
        testId="exam-load-more"
      />
    </>
  );
}
