import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '#shared/contracts/study-members.js';
import { Modal } from '../../../components/ui/modal/modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { updateMember } from '../api/update-member.js';
import { UserSearch } from './user-search.js';

interface Props {
  studyId: string;
  member: Member | null;
  memberUserIds: ReadonlySet<string>;
  onClose(): void;
}

/** docs/product.md#member-management: connect a member to a registered user (one PUT with `user`). */
export function LinkUserModal({ studyId, member, memberUserIds, onClose }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  const link = async (userId: string) => {
    if (!member || pending) return;
    setPending(true);
    try {
      await updateMember(member.id, { user: userId });
      toast.success(t('studyMembers.link.done'));
      onClose();
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studyMembers.link.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={member !== null}
      title={t('studyMembers.link.title')}
      onClose={onClose}
      closeLabel={t('app.close')}
      testId="link-user-modal"
    >
      <p>{t('studyMembers.link.intro', { name: member?.name ?? '' })}</p>
      <UserSearch studyId={studyId} memberUserIds={memberUserIds} onChoose={(user) => void link(user.id)} />
    </Modal>
  );
}
