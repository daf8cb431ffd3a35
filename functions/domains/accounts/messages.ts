import type { Language } from '#shared/domain/language.js';

/** Success texts of the account routes, in the caller's language (errors live in the catalogue). */
const MESSAGES = {
  logged_out: { ko: '로그아웃되었습니다.', en: 'You have been signed out.' },
  password_changed: { ko: '비밀번호가 변경되었습니다.', en: 'The password has been changed.' },
  verification_sent: {
    ko: '인증 메일을 보냈습니다. 메일함을 확인해 주세요.',
    en: 'A verification email is on its way. Please check your inbox.',
  },
  already_verified: { ko: '이미 인증된 이메일입니다.', en: 'This email address is already verified.' },
  email_verified: { ko: '이메일 인증이 완료되었습니다.', en: 'Your email address has been verified.' },
  google_signed_in: { ko: 'Google 계정으로 로그인했습니다.', en: 'Signed in with Google.' },
  account_deleted: {
    ko: '회원 탈퇴가 완료되었습니다. 모든 개인 데이터가 삭제되었습니다.',
    en: 'Your account and all your personal data have been deleted.',
  },
  user_created: { ko: '사용자를 만들었습니다.', en: 'The user has been created.' },
  user_updated: { ko: '사용자 정보를 수정했습니다.', en: 'The user has been updated.' },
  user_deleted: { ko: '사용자를 삭제했습니다.', en: 'The user has been deleted.' },
  users_uploaded: {
    ko: '업로드 완료: 전체 {total}행, 생성 {created}, 수정 {updated}, 오류 {errors}',
    en: 'Upload finished: {total} rows, {created} created, {updated} updated, {errors} errors',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function accountMessage(
  key: MessageKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] !== undefined ? String(params[name]) : whole,
  );
}
