import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import table from '../../../components/ui/data-table/data-table.module.css';
import { ApiError } from '../../../lib/api-client.js';
import { useMembersProgress } from '../api/get-members-progress.js';
import { accuracyOf } from '../utils/dashboard-view.js';
import type { Duration } from './progress-tables.js';
import { ScrollFrame } from './scroll-frame.js';
import styles from './study-progress.module.css';

/**
 * For the study's managers: each member's answers, correct ones, study time and last activity in
 * the dashboard's period. The server decides who may see it.
 */
export function MembersProgressPanel({
  studyId,
  days,
  duration,
  formatTime,
}: {
  studyId: string;
  days: number | null;
  duration: Duration;
  formatTime(iso: string): string;
}) {
  const { t } = useTranslation();
  const members = useMembersProgress(studyId, days, true);
  const error = members.error;
  // A manager who lost the role meanwhile gets 403: the panel says so instead of failing silently.
  const refused = error instanceof ApiError && error.code === 'study_forbidden';
  return (
    <section className={styles.panel} aria-labelledby="members-progress-title" data-testid="members-progress">
      <h2 id="members-progress-title" className={styles.panelTitle}>
        {t('studyProgress.members.title')}
      </h2>
      {error ? (
        <div role="alert">
          <p>{refused ? t('studyProgress.members.forbidden') : t('studyProgress.members.loadFailed')}</p>
          {!refused && (
            <button
              type="button"
              className={`${button.button} ${button.secondary} ${button.small}`}
              onClick={() => void members.reload()}
            >
              {t('studyProgress.refresh')}
            </button>
          )}
        </div>
      ) : !members.data ? (
        <p>{t('studyProgress.loading')}</p>
      ) : (
        <ScrollFrame label={t('studyProgress.members.title')}>
          <table className={`${table.table} ${table.noWrap}`} data-testid="members-progress-table">
            <thead>
              <tr>
                <th scope="col">{t('studyProgress.members.name')}</th>
                <th scope="col">{t('studyProgress.columns.answered')}</th>
                <th scope="col">{t('studyProgress.columns.correct')}</th>
                <th scope="col">{t('studyProgress.columns.accuracy')}</th>
                <th scope="col">{t('studyProgress.columns.time')}</th>
                <th scope="col">{t('studyProgress.members.lastActivity')}</th>
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((member) => {
                const accuracy = accuracyOf(member.correct_count, member.answered_count);
                return (
                  <tr key={member.member_id} data-testid="member-progress-row" data-username={member.username ?? ''}>
                    <th scope="row">{member.name}</th>
                    <td data-testid="member-answered">{member.answered_count}</td>
                    <td data-testid="member-correct">{member.correct_count}</td>
                    <td>{accuracy === null ? '—' : `${accuracy}%`}</td>
                    <td data-testid="member-time">{duration(member.study_time_seconds)}</td>
                    <td>
                      {member.last_activity_at ? formatTime(member.last_activity_at) : t('studyProgress.members.never')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollFrame>
      )}
    </section>
  );
}
