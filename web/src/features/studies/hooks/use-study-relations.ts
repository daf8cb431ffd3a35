import { useMemo } from 'react';
import type { Study } from '#shared/contracts/studies.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useMyStudies } from '../api/get-studies.js';
import { useMyJoinRequests } from '../api/get-my-join-requests.js';

export interface StudyRelation {
  isMember: boolean;
  pendingRequest: boolean;
  canDelete: boolean;
}

/**
 * The caller's relation to each listed study. List answers carry no `user_permissions` (one
 * Query for a page, D43), so the list screen reads the caller's studies and join requests once
 * and matches them; a study's own `user_permissions`, when present, wins. Delete shows for the
 * creator and site admins (study_admin / study_leader members delete from the detail screen; the
 * server decides either way).
 */
export function useStudyRelations(): (study: Study) => StudyRelation {
  const { user, isAdmin } = useAuth();
  const signedIn = user !== null;
  const mine = useMyStudies(signedIn);
  const requests = useMyJoinRequests(signedIn);
  const memberOf = useMemo(() => new Set((mine.data?.results ?? []).map((study) => study.id)), [mine.data]);
  const pending = useMemo(
    () =>
      new Set((requests.data ?? []).filter((request) => request.status === 'pending').map((request) => request.study)),
    [requests.data],
  );
  const userId = user ? String(user.id) : null;
  return (study) => {
    const own = study.user_permissions;
    return {
      isMember: own?.is_member ?? memberOf.has(study.id),
      pendingRequest: own ? own.join_request_status === 'pending' : pending.has(study.id),
      canDelete: own?.can_delete ?? (signedIn && (isAdmin || study.created_by?.id === userId)),
    };
  };
}
