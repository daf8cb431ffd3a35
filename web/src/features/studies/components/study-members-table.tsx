import { useTranslation } from 'react-i18next';
import type { StudyMember } from '#shared/contracts/studies.js';
import badge from '../../../components/ui/badge/badge.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import { Card } from '../../../components/ui/card/card.js';
import styles from './studies.module.css';

const ROLE_TONE = { member: badge.neutral, study_admin: badge.violet, study_leader: badge.primary } as const;

/** Spec 4 §2.2: the members (name, member id, affiliation, location, role badge), for signed-in viewers. */
export function StudyMembersTable({ members }: { members: readonly StudyMember[] }) {
  const { t } = useTranslation();
  return (
    <Card id="study-members" title={t('studies.members.title')} testId="study-members">
      <div className={`${dataTable.wrap} ${dataTable.cards}`}>
        <table className={dataTable.table}>
          <thead>
            <tr>
              <th>{t('studies.members.columns.name')}</th>
              <th>{t('studies.members.columns.memberId')}</th>
              <th>{t('studies.members.columns.affiliation')}</th>
              <th>{t('studies.members.columns.location')}</th>
              <th>{t('studies.members.columns.role')}</th>
            </tr>
          </thead>
          <tbody>
            {members.length === 0 && (
              <tr>
                <td colSpan={5} className={`${styles.muted} ${styles.emptyCell}`}>
                  {t('studies.members.empty')}
                </td>
              </tr>
            )}
            {members.map((member) => (
              <tr key={member.id} data-testid="study-member-row">
                <td data-label={t('studies.members.columns.name')}>{member.name}</td>
                <td data-label={t('studies.members.columns.memberId')}>{member.member_id ?? '–'}</td>
                <td data-label={t('studies.members.columns.affiliation')}>{member.affiliation ?? '–'}</td>
                <td data-label={t('studies.members.columns.location')}>{member.location ?? '–'}</td>
                <td data-label={t('studies.members.columns.role')}>
                  <span className={styles.badges}>
                    <span className={`${badge.badge} ${ROLE_TONE[member.role]}`}>{t(`studies.members.roles.${member.role}`)}</span>
                    {!member.is_active && <span className={`${badge.badge} ${badge.warning}`}>{t('studies.members.inactive')}</span>}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
