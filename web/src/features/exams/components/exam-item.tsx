import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import badge from '../../../components/ui/badge/badge.module.css';
import button from '../../../components/ui/button/button.module.css';
import card from '../../../components/ui/card/card.module.css';
import form from '../../../components/ui/form/form.module.css';
import { currentLanguage } from '../../../lib/i18n.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { TagManager } from '../../tags/index.js';
import { updateExamTags } from '../api/update-exam-tags.js';
import { canDeleteExam, canEditExam } from '../utils/exam-permissions.js';
import styles from './exams.module.css';

export type ExamAction = 'retake' | 'wrongQuestions' | 'delete' | 'toggleOriginal';

interface Props {
  exam: Exam;
  versions: Exam[];
  user: AuthUser | null;
  isAdmin: boolean;
  selected: ReadonlySet<string>;
  onToggleSelect(id: string): void;
  onAction(action: ExamAction, exam: Exam): void;
  busy: boolean;
  nested?: boolean;
}

export function examTitle(exam: Exam, fallback: string): string {
  return (exam.display_title || exam.title || exam.title_ko || exam.title_en || '').trim() || fallback;
}

function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLanguage() === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'medium' }).format(date);
}

/**
 * One row of the exam tree (docs/product.md#exam-management): checkbox, title (a link, plain text when the exam
 * has versions), question count, original/copy badge, public badge (admins), subscribed icon,
 * tags, and the actions take (signed in), details / copy (retake) / wrong questions / delete.
 */
export function ExamItem({ exam, versions, user, isAdmin, selected, onToggleSelect, onAction, busy, nested }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = examTitle(exam, t('exams.list.untitled'));
  const signedIn = user !== null;
  const detailsPath = signedIn ? `/exam-detail/${exam.id}` : `/take-exam/${exam.id}`;
  const hasVersions = versions.length > 0;
  const deletable = canDeleteExam(exam, user);
  const isSelected = selected.has(exam.id);
  const date = formatDate(exam.created_at);

  return (
    <li
      className={`${card.panel} ${styles.item} ${isSelected ? styles.itemSelected : ''}`}
      data-testid="exam-row"
      data-exam-id={exam.id}
      data-exam-title={title}
    >
      <div className={styles.itemRow}>
        {signedIn && (
          <div className={styles.itemCheck}>
            <input
              type="checkbox"
              className={form.checkbox}
              checked={isSelected}
              onChange={() => onToggleSelect(exam.id)}
              aria-label={t('exams.list.select', { title })}
              data-testid="exam-select"
            />
          </div>
        )}
        <div className={styles.itemBody}>
          <div className={styles.titleLine}>
            {hasVersions ? (
              <span className={styles.examTitle}>{title}</span>
            ) : (
              <Link to={detailsPath} className={styles.examTitle}>
                {title}
              </Link>
            )}
            {exam.is_original !== undefined && (
              <span
                className={`${badge.badge} ${exam.is_original ? badge.violet : badge.neutral}`}
                data-testid="exam-original-badge"
              >
                {t(exam.is_original ? 'exams.list.original' : 'exams.list.copy')}
              </span>
            )}
            {isAdmin && exam.is_public !== undefined && (
              <span
                className={`${badge.badge} ${exam.is_public ? badge.success : badge.warning}`}
                data-testid="exam-public-badge"
              >
                {t(exam.is_public ? 'exams.list.public' : 'exams.list.private')}
              </span>
            )}
            {exam.is_subscribed && (
              <span
                className={`${badge.badge} ${badge.amber}`}
                data-testid="exam-subscribed"
                title={t('exams.list.subscribed')}
              >
                <span aria-hidden="true">★</span>
                {t('exams.list.subscribed')}
              </span>
            )}
          </div>
          <div className={styles.metaLine}>
            <span>{t('exams.list.questions', { count: exam.total_questions ?? 0 })}</span>
            {exam.created_by?.username && <span>{t('exams.list.by', { name: exam.created_by.username })}</span>}
            {date && <span>{date}</span>}
            {(exam.version_number ?? 1) > 1 && <span>{t('exams.list.version', { version: exam.version_number })}</span>}
          </div>
          {exam.tags !== undefined && (
            <TagManager
              entityType="exam"
              tags={exam.tags}
              canEdit={canEditExam(exam, user)}
              save={(ids) => updateExamTags(exam.id, ids)}
            />
          )}
          {hasVersions && (
            <button
              type="button"
              className={styles.expand}
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              data-testid="exam-versions-toggle"
            >
              <span className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`} aria-hidden="true">
                ▸
              </span>
              {open ? t('exams.list.hideVersions') : t('exams.list.showVersions', { count: versions.length })}
            </button>
          )}
        </div>
        <div
          className={`${styles.actions} ${signedIn ? styles.actionsPastCheck : ''}`}
          role="group"
          aria-label={t('exams.actions.label', { title })}
        >
          {signedIn && (
            // A direct way into the runner; details (the exam detail screen) starts chosen questions.
            <Link
              to={`/take-exam/${exam.id}?returnTo=exam-management`}
              className={`${button.button} ${button.primary} ${button.small}`}
              data-testid="exam-take"
            >
              {t('exams.actions.take')}
            </Link>
          )}
          <Link
            to={detailsPath}
            className={`${button.button} ${button.secondary} ${button.small}`}
            data-testid="exam-details"
          >
            {t('exams.actions.details')}
          </Link>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${button.small}`}
            disabled={busy}
            onClick={() => onAction('retake', exam)}
            data-testid="exam-retake"
          >
            {t('exams.actions.retake')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${button.small}`}
            disabled={busy}
            onClick={() => onAction('wrongQuestions', exam)}
            data-testid="exam-wrong"
          >
            {t('exams.actions.wrongQuestions')}
          </button>
          {isAdmin && (
            <button
              type="button"
              className={`${button.button} ${button.secondary} ${button.small}`}
              disabled={busy}
              onClick={() => onAction('toggleOriginal', exam)}
              data-testid="exam-toggle-original"
            >
              {t('exams.actions.toggleOriginal')}
            </button>
          )}
          {deletable && (
            <button
              type="button"
              className={`${button.button} ${button.dangerOutline} ${button.small}`}
              disabled={busy}
              onClick={() => onAction('delete', exam)}
              data-testid="exam-delete"
            >
              {t('exams.actions.delete')}
            </button>
          )}
        </div>
      </div>
      {hasVersions && open && !nested && (
        <ul className={styles.children} data-testid="exam-versions">
          {versions.map((version) => (
            <ExamItem
              key={version.id}
              exam={version}
              versions={[]}
              user={user}
              isAdmin={isAdmin}
              selected={selected}
              onToggleSelect={onToggleSelect}
              onAction={onAction}
              busy={busy}
              nested
            />
          ))}
        </ul>
      )}
    </li>
  );
}
