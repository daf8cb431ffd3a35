import type { Language } from '../domain/language.js';

/**
 * Error codes of the account routes (auth, profile, users). `row_*` codes are not HTTP answers:
 * they are the texts of `error_details` in a users-sheet upload report.
 */
export const ACCOUNT_ERROR_MESSAGES = {
  invalid_credentials: {
    ko: '아이디 또는 비밀번호가 올바르지 않습니다.',
    en: 'The username or password is incorrect.',
  },
  username_taken: { ko: '이미 사용 중인 아이디입니다.', en: 'This username is already taken.' },
  registration_failed: {
    ko: '회원가입을 완료할 수 없습니다. 입력한 정보를 확인하거나, 이미 계정이 있다면 로그인해 주세요.',
    en: 'Registration could not be completed. Check your details, or sign in if you already have an account.',
  },
  email_unavailable: { ko: '이 이메일 주소는 사용할 수 없습니다.', en: 'This email address cannot be used.' },
  email_taken: { ko: '다른 사용자가 이미 사용 중인 이메일입니다.', en: 'Another user already has this email address.' },
  username_invalid: {
    ko: '아이디는 1~150자의 문자, 숫자, @ . + - _ 만 사용할 수 있습니다.',
    en: 'A username has 1 to 150 letters, digits or @ . + - _ characters.',
  },
  name_required: { ko: '이름을 입력해 주세요.', en: 'Enter your name.' },
  invalid_time_zone: {
    ko: '알 수 없는 시간대입니다. Asia/Seoul 같은 IANA 시간대 이름을 입력해 주세요.',
    en: 'Unknown time zone. Use an IANA zone name such as Asia/Seoul.',
  },
  invalid_easy_days: {
    ko: '요일별 복습량은 월요일부터 일요일까지 7개의 값(보통, 줄임, 최소)이어야 합니다.',
    en: 'Easy Days take seven values, Monday to Sunday: normal, reduced or minimum.',
  },
  name_too_long: { ko: '이름이 너무 깁니다 (최대 {max}자).', en: 'The name is too long (at most {max} characters).' },
  password_too_short: {
    ko: '비밀번호는 {min}자 이상이어야 합니다.',
    en: 'The password needs at least {min} characters.',
  },
  password_too_long: {
    ko: '비밀번호는 {max}자 이하여야 합니다.',
    en: 'The password can have at most {max} characters.',
  },
  passwords_do_not_match: { ko: '비밀번호가 일치하지 않습니다.', en: 'The passwords do not match.' },
  email_invalid: { ko: '이메일 주소 형식이 올바르지 않습니다.', en: 'The email address is not valid.' },
  current_password_required: { ko: '현재 비밀번호를 입력해 주세요.', en: 'Enter your current password.' },
  current_password_incorrect: { ko: '현재 비밀번호가 올바르지 않습니다.', en: 'The current password is incorrect.' },
  cannot_change_own_role: { ko: '자신의 역할은 변경할 수 없습니다.', en: 'You cannot change your own role.' },
  cannot_delete_self: {
    ko: '자신의 계정은 여기서 삭제할 수 없습니다. 프로필의 회원 탈퇴를 이용해 주세요.',
    en: 'You cannot delete your own account here. Use account withdrawal on your profile.',
  },
  user_not_found: { ko: '사용자를 찾을 수 없습니다.', en: 'The user was not found.' },
  email_required: {
    ko: '먼저 프로필에 이메일 주소를 등록해 주세요.',
    en: 'Add an email address to your profile first.',
  },
  verification_token_invalid: {
    ko: '인증 링크가 올바르지 않거나 이미 사용되었습니다.',
    en: 'This verification link is not valid or has already been used.',
  },
  verification_token_expired: {
    ko: '인증 링크가 만료되었습니다. 인증 메일을 다시 요청해 주세요.',
    en: 'This verification link has expired. Please request a new verification email.',
  },
  email_send_failed: {
    ko: '메일을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The email could not be sent. Please try again shortly.',
  },
  google_sign_in_unavailable: {
    ko: 'Google 로그인이 설정되어 있지 않습니다.',
    en: 'Google sign-in is not configured.',
  },
  google_token_invalid: {
    ko: 'Google 인증 정보를 확인할 수 없습니다.',
    en: 'The Google credential could not be verified.',
  },
  google_email_unverified: {
    ko: 'Google 계정의 이메일이 인증되지 않아 로그인할 수 없습니다.',
    en: 'The email of this Google account is not verified, so it cannot be used to sign in.',
  },
  file_required: { ko: '업로드할 파일을 선택해 주세요.', en: 'Choose a file to upload.' },
  unsupported_file_type: {
    ko: '.xlsx 또는 .xls 엑셀 파일만 업로드할 수 있습니다.',
    en: 'Only .xlsx or .xls Excel files can be uploaded.',
  },
  spreadsheet_unreadable: { ko: '엑셀 파일을 읽을 수 없습니다.', en: 'The Excel file could not be read.' },
  spreadsheet_too_large: {
    ko: '엑셀 파일의 압축 해제 크기가 너무 큽니다 (최대 {limit}).',
    en: 'The Excel file is too large when uncompressed (limit {limit}).',
  },
  spreadsheet_too_many_rows: {
    ko: '행이 너무 많습니다 (최대 {max}행).',
    en: 'The sheet has too many rows (at most {max}).',
  },
  spreadsheet_missing_column: { ko: '필수 열이 없습니다: {column}', en: 'A required column is missing: {column}' },
  spreadsheet_empty: { ko: '시트에 데이터가 없습니다.', en: 'The sheet has no data.' },
  row_username_required: { ko: '사용자명이 비어 있습니다.', en: 'The username is empty.' },
  row_username_invalid: { ko: '사용자명 형식이 올바르지 않습니다.', en: 'The username is not valid.' },
  row_role_invalid: {
    ko: '역할이 올바르지 않습니다: {role} (user_role, study_admin_role, admin_role 중 하나)',
    en: 'Unknown role: {role} (use user_role, study_admin_role or admin_role)',
  },
  row_email_invalid: { ko: '이메일 형식이 올바르지 않습니다.', en: 'The email address is not valid.' },
  row_email_taken: {
    ko: '다른 사용자가 이미 사용 중인 이메일입니다.',
    en: 'Another user already has this email address.',
  },
  row_duplicate_username: {
    ko: '파일 안에 같은 사용자명이 여러 번 있습니다.',
    en: 'This username appears more than once in the file.',
  },
  row_duplicate_email: {
    ko: '파일 안에 같은 이메일이 여러 번 있습니다.',
    en: 'This email appears more than once in the file.',
  },
  row_cell_too_long: {
    ko: '셀 내용이 너무 깁니다 (최대 {max}자).',
    en: 'A cell is too long (at most {max} characters).',
  },
  row_name_too_long: {
    ko: '이름이 너무 깁니다 (최대 {max}자).',
    en: 'The name is too long (at most {max} characters).',
  },
  row_write_failed: {
    ko: '저장하지 못했습니다 (다른 변경과 충돌). 다시 업로드해 주세요.',
    en: 'Could not be saved (it conflicted with another change). Please upload again.',
  },
  // background exports (D195)
  export_not_found: {
    ko: '내보내기 작업을 찾을 수 없습니다. 만료되었을 수 있으니 다시 시작해 주세요.',
    en: 'The export was not found. It may have expired; please start it again.',
  },
  export_not_ready: {
    ko: '내보내기 파일을 아직 만드는 중입니다. 잠시 후 다시 시도해 주세요.',
    en: 'The export is still being prepared. Please try again in a moment.',
  },
  export_failed: {
    ko: '내보내기 파일을 만들지 못했습니다. 다시 시작해 주세요.',
    en: 'The export could not be built. Please start it again.',
  },
  export_start_failed: {
    ko: '내보내기를 시작하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The export could not be started. Please try again in a moment.',
  },
} as const satisfies Record<string, Record<Language, string>>;
