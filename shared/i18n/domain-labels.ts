import type { Language } from '../domain/language.js';

/** Labels of domain values the server owns (roles, difficulties), served with the translations. */
export const DOMAIN_LABELS: Record<Language, Record<string, Record<string, string>>> = {
  ko: {
    roles: { user_role: '일반 사용자', study_admin_role: '스터디 관리자', admin_role: '관리자' },
    difficulty: { Easy: '쉬움', Medium: '보통', Hard: '어려움' },
  },
  en: {
    roles: { user_role: 'User', study_admin_role: 'Study admin', admin_role: 'Admin' },
    difficulty: { Easy: 'Easy', Medium: 'Medium', Hard: 'Hard' },
  },
};
