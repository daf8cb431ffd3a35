import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEMBER_CODE_MAX,
  MEMBER_EMAIL_MAX,
  MEMBER_NAME_MAX,
  MEMBER_TEXT_MAX,
} from '#shared/contracts/study-members.js';
import { STUDY_MEMBER_ROLES } from '#shared/domain/study-roles.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { addMember } from '../api/add-member.js';
import {
  emptyMemberDraft,
  memberBody,
  memberDraftError,
  type MemberDraft,
  type MemberDraftError,
} from '../utils/member-form.js';
import { UserSearch } from './user-search.js';
import styles from './study-members.module.css';

/** docs/product.md#errors: a member add failing on its email says so; otherwise the server's sentence, else the generic text. */
function addFailureText(error: unknown, t: TFunction): string {
  if (
    error instanceof ApiError &&
    (error.code === 'member_email_taken' || error.issues?.some((issue) => issue.path[0] === 'email'))
  )
    return t('studyMembers.add.emailExists');
  return serverDetailOr(error, t, t('studyMembers.add.addMemberFailed'));
}

/** docs/product.md#member-management: add a member, optionally picked from the registered users (which fills name and email and links the user). */
export function AddMemberForm({ studyId, memberUserIds }: { studyId: string; memberUserIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [draft, setDraft] = useState<MemberDraft>(emptyMemberDraft);
  const [error, setError] = useState<MemberDraftError | undefined>();
  const [pending, setPending] = useState(false);
  const set = <K extends keyof MemberDraft>(key: K, value: MemberDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = memberDraftError(draft);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await addMember({ study: studyId, ...memberBody(draft) });
      toast.success(t('studyMembers.add.added'));
      setDraft(emptyMemberDraft());
    } catch (failure) {
      toast.error(addFailureText(failure, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card id="add-member" title={t('studyMembers.add.title')} testId="add-member">
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate data-testid="add-member-form">
        <UserSearch
          studyId={studyId}
          memberUserIds={memberUserIds}
          onChoose={(user) =>
            setDraft((current) => ({
              ...current,
              user: user.id,
              user_username: user.username,
              name: current.name || user.display_name || user.username,
              email: current.email || user.email || '',
            }))
          }
        />
        {draft.user && (
          <p className={styles.linked}>
            {t('studyMembers.search.linked', { username: draft.user_username })}
            <button
              type="button"
              className={`${button.button} ${button.ghost} ${button.small}`}
              onClick={() => setDraft((current) => ({ ...current, user: null, user_username: null }))}
            >
              {t('studyMembers.search.unlink')}
            </button>
          </p>
        )}
        <div className={styles.fieldGrid}>
          <TextField
            label={t('studyMembers.add.name')}
            value={draft.name}
            maxLength={MEMBER_NAME_MAX}
            onChange={(value) => set('name', value)}
            error={error === 'nameRequired' ? t('studyMembers.add.nameRequired') : null}
            data-testid="member-name-input"
          />
          <TextField
            type="email"
            label={t('studyMembers.add.email')}
            value={draft.email}
            maxLength={MEMBER_EMAIL_MAX}
            onChange={(value) => set('email', value)}
            error={error === 'invalidEmail' ? t('studyMembers.add.invalidEmail') : null}
            data-testid="member-email-input"
          />
          <TextField
            label={t('studyMembers.add.memberId')}
            value={draft.member_id}
            maxLength={MEMBER_CODE_MAX}
            onChange={(value) => set('member_id', value)}
          />
          <TextField
            label={t('studyMembers.add.affiliation')}
            value={draft.affiliation}
            maxLength={MEMBER_TEXT_MAX}
            onChange={(value) => set('affiliation', value)}
          />
          <TextField
            label={t('studyMembers.add.location')}
            value={draft.location}
            maxLength={MEMBER_TEXT_MAX}
            onChange={(value) => set('location', value)}
          />
          <div className={form.field}>
            <label className={form.label} htmlFor="add-member-role">
              {t('studyMembers.add.role')}
            </label>
            <select
              id="add-member-role"
              className={form.select}
              value={draft.role}
              onChange={(event) => set('role', event.target.value as MemberDraft['role'])}
            >
              {STUDY_MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`studyMembers.table.roles.${role}`)}
                </option>
              ))}
            </select>
          </div>
          <label className={styles.check}>
            <input
              type="checkbox"
              className={form.checkbox}
              checked={draft.is_active}
              onChange={(event) => set('is_active', event.target.checked)}
            />
            {t('studyMembers.add.isActive')}
          </label>
        </div>
        <div className={form.actions}>
          <button
            type="submit"
            className={`${button.button} ${button.primary}`}
            disabled={pending}
            data-testid="add-member-submit"
          >
            {t('studyMembers.add.submit')}
          </button>
        </div>
      </form>
    </Card>
  );
}
