import * as z from 'zod/mini';
import type { StudyMemberRole } from '#shared/domain/study-roles.js';

export interface MemberDraft {
  name: string;
  email: string;
  member_id: string;
  affiliation: string;
  location: string;
  role: StudyMemberRole;
  is_active: boolean;
  /** The linked registered user's id, or null. */
  user: string | null;
  user_username: string | null;
}

export function emptyMemberDraft(): MemberDraft {
  return {
    name: '',
    email: '',
    member_id: '',
    affiliation: '',
    location: '',
    role: 'member',
    is_active: true,
    user: null,
    user_username: null,
  };
}

export type MemberDraftError = 'nameRequired' | 'invalidEmail';

const email = z.email();

/** docs/product.md#member-management: the name is required; an email, when given, is in email format. */
export function memberDraftError(draft: Pick<MemberDraft, 'name' | 'email'>): MemberDraftError | undefined {
  if (!draft.name.trim()) return 'nameRequired';
  if (draft.email.trim() && !email.safeParse(draft.email.trim()).success) return 'invalidEmail';
  return undefined;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** docs/product.md#member-management: empty email, member id, affiliation and location are sent as null. */
export function memberBody(draft: MemberDraft) {
  return {
    name: draft.name.trim(),
    email: blankToNull(draft.email),
    member_id: blankToNull(draft.member_id),
    affiliation: blankToNull(draft.affiliation),
    location: blankToNull(draft.location),
    role: draft.role,
    is_active: draft.is_active,
    user: draft.user,
  };
}
