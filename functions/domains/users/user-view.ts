import type { ProfileAnswer } from '#shared/contracts/profile.js';
import type { UserAnswer } from '#shared/contracts/users.js';
import { hasStudyAdminRole } from '#shared/domain/roles.js';
import type { UserRecord } from './user-store.js';

/** The user object of docs/product.md#accounts; built field by field so nothing else (the hash) can slip out. */
export function toUserAnswer(user: UserRecord): UserAnswer {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    email_verified: user.email_verified,
    role: user.role,
    is_superuser: user.is_superuser,
    is_staff: user.is_staff,
    has_study_admin_role: hasStudyAdminRole(user),
    date_joined: user.date_joined,
    language: user.language,
  };
}

export function toProfileAnswer(user: UserRecord): ProfileAnswer {
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    email_verified: user.email_verified,
    language: user.language,
    random_exam_email_enabled: user.random_exam_email_enabled,
    random_exam_question_count: user.random_exam_question_count,
    retention_cleanup_enabled: user.retention_cleanup_enabled,
    retention_cleanup_percentage: user.retention_cleanup_percentage,
    time_zone: user.time_zone,
    day_rollover_hour: user.day_rollover_hour,
    desired_retention: user.desired_retention,
    new_cards_per_day: user.new_cards_per_day,
    max_reviews_per_day: user.max_reviews_per_day,
    easy_days: user.easy_days,
    load_balancing: user.load_balancing,
  };
}

/** "name" in the users sheet and admin screen: first and last name joined. */
export function displayName(user: Pick<UserRecord, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}
