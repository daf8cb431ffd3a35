import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { cancelJoinRequest } from '../api/cancel-join-request.js';
import { createJoinRequest } from '../api/create-join-request.js';
import { useMyJoinRequests } from '../api/get-my-join-requests.js';

export interface JoinTarget {
  id: string;
  title: string;
}

/**
 * Join and cancel-request of docs/product.md#study-list, #study-detail, #errors, shared by the list and the detail: anonymous
 * callers and a 401 go to /login; other failures show the server's sentence or the generic text.
 * Joining opens the join-request modal first (`joining`), whose send calls `sendJoin`.
 */
export function useJoinActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const myRequests = useMyJoinRequests(user !== null);
  const [joining, setJoining] = useState<JoinTarget | null>(null);
  const [pending, setPending] = useState(false);

  const toLogin = () => navigate(loginPathFor(`${location.pathname}${location.search}`));
  const failed = (error: unknown, fallbackKey: string) => {
    if (error instanceof ApiError && error.status === 401) return toLogin();
    toast.error(serverDetailOr(error, t, t(fallbackKey)));
  };

  const askJoin = (study: JoinTarget) => {
    if (!user) return toLogin();
    setJoining(study);
  };

  const sendJoin = async (message: string) => {
    if (!joining) return;
    setPending(true);
    try {
      await createJoinRequest(joining.id, message);
      toast.success(t('studies.join.sent'));
      setJoining(null);
    } catch (error) {
      failed(error, 'studies.join.failed');
    } finally {
      setPending(false);
    }
  };

  const cancelRequest = async (studyId: string) => {
    if (!user) return toLogin();
    const request = (myRequests.data ?? []).find((r) => r.study === studyId && r.status === 'pending');
    if (!request) return toast.warning(t('studies.join.requestNotFound'));
    setPending(true);
    try {
      await cancelJoinRequest(request.id);
      toast.success(t('studies.join.cancelled'));
    } catch (error) {
      failed(error, 'studies.join.cancelFailed');
    } finally {
      setPending(false);
    }
  };

  return { joining, pending, askJoin, sendJoin, cancelRequest, closeJoin: () => setJoining(null) };
}
