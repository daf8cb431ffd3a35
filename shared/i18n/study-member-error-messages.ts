import type { Language } from '../domain/language.js';

/** Error codes and messages of study members and join requests. */
export const STUDY_MEMBER_ERROR_MESSAGES = {
  member_not_found: { ko: '멤버를 찾을 수 없습니다.', en: 'The member was not found.' },
  member_forbidden: {
    ko: '이 스터디의 멤버를 관리할 권한이 없습니다.',
    en: 'You are not allowed to manage the members of this study.',
  },
  member_email_taken: {
    ko: '이 스터디에 같은 이메일의 멤버가 이미 있습니다.',
    en: 'A member with this email already exists in this study.',
  },
  member_code_taken: {
    ko: '이 스터디에 같은 멤버 ID가 이미 있습니다.',
    en: 'A member with this member ID already exists in this study.',
  },
  member_user_taken: {
    ko: '이 사용자는 이미 이 스터디의 멤버입니다.',
    en: 'This user is already a member of this study.',
  },
  member_user_not_found: { ko: '연결할 사용자를 찾을 수 없습니다.', en: 'The user to link was not found.' },
  member_study_mismatch: {
    ko: '멤버가 속한 스터디와 요청한 스터디가 다릅니다.',
    en: 'The member does not belong to the given study.',
  },
  member_own_role: { ko: '자신의 역할은 변경할 수 없습니다.', en: 'You cannot change your own role.' },
  member_changed: {
    ko: '멤버 정보가 동시에 변경되었습니다. 다시 불러온 뒤 시도해 주세요.',
    en: 'The member was changed at the same time. Reload and try again.',
  },
  member_deleted: { ko: '멤버를 삭제했습니다.', en: 'The member was deleted.' },
  member_left_study: { ko: '스터디에서 탈퇴했습니다.', en: 'You left the study.' },
  members_imported: {
    ko: '멤버 {imported}명을 가져왔습니다 (건너뜀 {skipped}명).',
    en: 'Imported {imported} members (skipped {skipped}).',
  },
  join_request_not_found: { ko: '가입 요청을 찾을 수 없습니다.', en: 'The join request was not found.' },
  join_request_pending: {
    ko: '이미 대기 중인 가입 요청이 있습니다.',
    en: 'You already have a pending join request for this study.',
  },
  join_request_already_member: { ko: '이미 이 스터디의 멤버입니다.', en: 'You are already a member of this study.' },
  join_request_private_study: {
    ko: '비공개 스터디에는 가입 요청을 할 수 없습니다.',
    en: 'You cannot request to join a private study.',
  },
  join_request_not_pending: { ko: '이미 처리된 가입 요청입니다.', en: 'This join request has already been answered.' },
  join_request_own: {
    ko: '자신의 가입 요청은 승인하거나 거절할 수 없습니다.',
    en: 'You cannot answer your own join request.',
  },
  join_request_created: { ko: '가입 요청을 보냈습니다.', en: 'Your join request was sent.' },
  join_request_cancelled: { ko: '가입 요청을 취소했습니다.', en: 'Your join request was cancelled.' },
  join_request_removed: { ko: '가입 요청을 삭제했습니다.', en: 'Your join request was removed.' },
  join_request_none: { ko: '삭제할 가입 요청이 없습니다.', en: 'There was no join request to remove.' },
} satisfies Record<string, Record<Language, string>>;
