import { useTranslation } from 'react-i18next';
import type { StudyMember } from '#shared/contracts/studies.js';
import badge from '../../../components/ui/badge/badge.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table/data-table.js';

const ROLE_TONE = { member: badge.neutral, study_admin: badge.violet, study_leader: badge.primary } as const;

/** docs/product.md#study-detail: the members (name, member id, affiliation, location, role badge), for signed-in viewers. */
export function StudyMembersTable({ members }: { members: readonly StudyMember[] }) {
  const { t } = useTranslation();
  const columns: DataTableColumn<StudyMember>[] = [
    { key: 'name', label: t('studies.members.columns.name'), cell: (member) => member.name },
    { key: 'memberId', label: t('studies.members.columns.memberId'), cell: (member) => member.member_id ?? '–' },
    {
      key: 'affiliation',
      label: t('studies.members.columns.affiliation'),
      cell: (member) => member.affiliation ?? '–',
    },
    { key: 'location', label: t('studies.members.columns.location'), cell: (member) => member.location ?? '–' },
    {
      key: 'role',
      label: t('studies.members.columns.role'),
      cell: (member) => (
        <span className={badge.group}>
          <span className={`${badge.badge} ${ROLE_TONE[member.role]}`}>
            {t(`studies.members.roles.${member.role}`)}
          </span>
          {!member.is_active && (
            <span className={`${badge.badge} ${badge.warning}`}>{t('studies.members.inactive')}</span>
          )}
        </span>
      ),
    },
  ];
  return (
    <Card id="study-members" title={t('studies.members.title')} testId="study-members">
      <DataTable
        columns={columns}
        rows={members}
        rowKey={(member) => member.id}
        rowProps={() => ({ 'data-testid': 'study-member-row' })}
        empty={t('studies.members.empty')}
        cards
      />
    </Card>
  );
}
