import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '#shared/contracts/study-members.js';
import { STUDY_MEMBER_ROLES, type StudyMemberRole } from '#shared/domain/study-roles.js';
import badge from '../../../components/ui/badge/badge.module.css';
import button from '../../../components/ui/button/button.module.css';
import { DataTableRow, type DataTableColumn } from '../../../components/ui/data-table/data-table.js';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { updateMember } from '../api/update-member.js';
import { memberDraftError } from '../utils/member-form.js';
import styles from './study-members.module.css';

const ROLE_TONE = { member: badge.neutral, study_admin: badge.violet, study_leader: badge.primary } as const;

interface Props {
  member: Member;
  selected: boolean;
  onToggle(): void;
  onLink(): void;
}

type Draft = {
  name: string;
  email: string;
  member_id: string;
  affiliation: string;
  location: string;
  role: StudyMemberRole;
  is_active: boolean;
};

/** One member: read-only, or edited inline (docs/product.md#member-management) and saved with one PUT. */
export function MemberRow({ member, selected, onToggle, onLink }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [pending, setPending] = useState(false);

  const startEdit = () =>
    setDraft({
      name: member.name,
      email: member.email ?? '',
      member_id: member.member_id ?? '',
      affiliation: member.affiliation ?? '',
      location: member.location ?? '',
      role: member.role,
      is_active: member.is_active,
    });

  const save = async () => {
    if (!draft) return;
    const problem = memberDraftError(draft);
    if (problem) return toast.warning(t(`studyMembers.add.${problem}`));
    setPending(true);
    try {
      await updateMember(member.id, { ...draft, name: draft.name.trim() });
      toast.success(t('studyMembers.table.saved'));
      setDraft(null);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studyMembers.table.saveFailed')));
    } finally {
      setPending(false);
    }
  };

  const text = (key: 'name' | 'email' | 'member_id' | 'affiliation' | 'location', label: string) =>
    draft ? (
      <input
        className={`${form.input} ${dataTable.inlineInput}`}
        value={draft[key]}
        aria-label={label}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    ) : (
      (member[key] ?? '–')
    );

  const column = (key: string) => t(`studyMembers.table.columns.${key}`);

  const columns = memberColumns(t, {
    select: () => (
      <input
        type="checkbox"
        className={form.checkbox}
        checked={selected}
        onChange={onToggle}
        aria-label={t('studyMembers.table.select', { name: member.name })}
      />
    ),
    name: () => text('name', column('name')),
    user: () => member.user_username ?? <span className={screen.muted}>{t('studyMembers.table.noUser')}</span>,
    email: () => text('email', column('email')),
    memberId: () => text('member_id', column('memberId')),
    affiliation: () => text('affiliation', column('affiliation')),
    location: () => text('location', column('location')),
    role: () =>
      draft ? (
        <select
          className={form.select}
          value={draft.role}
          aria-label={column('role')}
          onChange={(event) => setDraft({ ...draft, role: event.target.value as StudyMemberRole })}
        >
          {STUDY_MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`studyMembers.table.roles.${role}`)}
            </option>
          ))}
        </select>
      ) : (
        <span className={`${badge.badge} ${ROLE_TONE[member.role]}`}>
          {t(`studyMembers.table.roles.${member.role}`)}
        </span>
      ),
    active: () =>
      draft ? (
        <label className={styles.check}>
          <input
            type="checkbox"
            className={form.checkbox}
            checked={draft.is_active}
            onChange={(event) => setDraft({ ...draft, is_active: event.target.checked })}
          />
          {t('studyMembers.table.active')}
        </label>
      ) : (
        <span
          className={`${badge.badge} ${member.is_active ? badge.success : badge.warning}`}
          data-testid="member-active"
        >
          {member.is_active ? t('studyMembers.table.active') : t('studyMembers.table.inactive')}
        </span>
      ),
    actions: () => (
      <div className={dataTable.rowActions}>
        {draft ? (
          <>
            <button
              type="button"
              className={`${button.button} ${button.primary} ${button.small}`}
              disabled={pending}
              onClick={() => void save()}
            >
              {t('studyMembers.table.save')}
            </button>
            <button
              type="button"
              className={`${button.button} ${button.secondary} ${button.small}`}
              onClick={() => setDraft(null)}
            >
              {t('studyMembers.table.cancel')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={`${button.button} ${button.secondary} ${button.small}`}
              onClick={startEdit}
              data-testid="member-edit"
            >
              {t('studyMembers.table.edit')}
            </button>
            {!member.user && (
              <button
                type="button"
                className={`${button.button} ${button.secondary} ${button.small}`}
                onClick={onLink}
                data-testid="member-link"
              >
                {t('studyMembers.link.button')}
              </button>
            )}
          </>
        )}
      </div>
    ),
  });

  return (
    <DataTableRow
      columns={columns}
      row={member}
      className={selected ? dataTable.selected : undefined}
      data-testid="member-row"
      data-member-id={member.id}
    />
  );
}

const DATA_COLUMNS = ['name', 'user', 'email', 'memberId', 'affiliation', 'location', 'role', 'active'] as const;
type MemberColumn = 'select' | (typeof DATA_COLUMNS)[number] | 'actions';

/**
 * The member table's columns: the head (from labels alone) and, given `cells`, one row's cells. A
 * row (MemberRow) has state of its own — the inline edit — so it builds its columns each render.
 */
export function memberColumns(
  t: TFunction,
  cells: Partial<Record<MemberColumn, () => ReactNode>> = {},
): DataTableColumn<Member>[] {
  const cell = (key: MemberColumn) => () => cells[key]?.() ?? null;
  return [
    {
      key: 'select',
      label: t('studyMembers.table.selectAll'),
      hiddenLabel: true,
      className: `${dataTable.checkCell} ${styles.fullRowOnPhone}`,
      cell: cell('select'),
    },
    ...DATA_COLUMNS.map((key) => ({ key, label: t(`studyMembers.table.columns.${key}`), cell: cell(key) })),
    {
      key: 'actions',
      label: t('studyMembers.table.columns.actions'),
      hiddenLabel: true,
      className: `${styles.actionsCell} ${styles.fullRowOnPhone}`,
      cell: cell('actions'),
    },
  ];
}
