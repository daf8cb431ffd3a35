import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoinRequest } from '#shared/contracts/studies.js';
import badge from '../../../components/ui/badge/badge.module.css';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table/data-table.js';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { respondToJoinRequest } from '../api/respond-join-request.js';

const STATUS_TONE = { pending: badge.warning, approved: badge.success, rejected: badge.danger } as const;

/** docs/product.md#study-detail, #join-requests: the study's join requests for its managers; only pending rows can be approved or rejected. */
export function JoinRequestsTable({ requests }: { requests: readonly JoinRequest[] }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);

  const respond = async (request: JoinRequest, status: 'approved' | 'rejected') => {
    setPending(request.id);
    try {
      await respondToJoinRequest(request.id, status);
      toast.success(t(status === 'approved' ? 'studies.requests.approved' : 'studies.requests.rejected'));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studies.requests.respondFailed')));
    } finally {
      setPending(null);
    }
  };

  const columns: DataTableColumn<JoinRequest>[] = [
    {
      key: 'user',
      label: t('studies.requests.columns.user'),
      cell: (request) => (
        <>
          {request.user_username}
          {request.user_email && <span className={screen.muted}> · {request.user_email}</span>}
        </>
      ),
    },
    { key: 'message', label: t('studies.requests.columns.message'), cell: (request) => request.message || '–' },
    {
      key: 'requestedAt',
      label: t('studies.requests.columns.requestedAt'),
      cell: (request) => new Date(request.requested_at).toLocaleDateString(i18n.language),
    },
    {
      key: 'status',
      label: t('studies.requests.columns.status'),
      cell: (request) => (
        <span className={`${badge.badge} ${STATUS_TONE[request.status]}`}>
          {t(`studies.requests.status.${request.status}`)}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('studies.requests.columns.actions'),
      hiddenLabel: true,
      cell: (request) =>
        request.status === 'pending' && (
          <div className={dataTable.rowActions}>
            <button
              type="button"
              className={`${button.button} ${button.primary} ${button.small}`}
              disabled={pending !== null}
              onClick={() => void respond(request, 'approved')}
              data-testid="join-request-approve"
            >
              {t('studies.requests.approve')}
            </button>
            <button
              type="button"
              className={`${button.button} ${button.dangerOutline} ${button.small}`}
              disabled={pending !== null}
              onClick={() => void respond(request, 'rejected')}
              data-testid="join-request-reject"
            >
              {t('studies.requests.reject')}
            </button>
          </div>
        ),
    },
  ];

  return (
    <Card id="study-join-requests" title={t('studies.requests.title')} testId="study-join-requests">
      <DataTable
        columns={columns}
        rows={requests}
        rowKey={(request) => request.id}
        rowProps={() => ({ 'data-testid': 'join-request-row' })}
        empty={t('studies.requests.empty')}
        cards
      />
    </Card>
  );
}
