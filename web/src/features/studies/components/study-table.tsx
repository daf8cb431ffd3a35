import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Study } from '#shared/contracts/studies.js';
import badge from '../../../components/ui/badge/badge.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import { currentLanguage } from '../../../lib/i18n.js';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table/data-table.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { sortRows, nextSort, type SortState } from '../../../lib/table-sort.js';
import { studyPeriod, studyTitle } from '../utils/study-view.js';
import { StudyRowActions, type StudyRowHandlers } from './study-row-actions.js';
import styles from './studies.module.css';

type Column = 'title' | 'period' | 'creator';

/** docs/product.md#limits: phones show the first 5 studies as cards. */
export const MOBILE_CARD_COUNT = 5;

/** The study list of docs/product.md#study-list: a sortable table on wider screens, the first 5 as cards on phones. */
export function StudyTable({ studies, ...handlers }: { studies: readonly Study[] } & StudyRowHandlers) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [sort, setSort] = useState<SortState<Column>>({ key: 'period', direction: 'desc' });
  const untitled = t('studies.list.untitled');
  const sorted = sortRows(
    studies,
    sort,
    (study, key) => {
      if (key === 'title') return studyTitle(study, language, untitled);
      if (key === 'period') return study.start_date;
      return study.created_by?.username;
    },
    language,
  );

  const badges = (study: Study) => (
    <span className={badge.group}>
      <span className={`${badge.badge} ${study.is_public ? badge.success : badge.neutral}`}>
        {study.is_public ? t('studies.list.public') : t('studies.list.private')}
      </span>
      {handlers.relationOf(study).isMember && (
        <span className={`${badge.badge} ${badge.primary}`}>{t('studies.list.member')}</span>
      )}
      {handlers.relationOf(study).pendingRequest && (
        <span className={`${badge.badge} ${badge.warning}`}>{t('studies.list.pending')}</span>
      )}
    </span>
  );
  const titleLink = (study: Study) => (
    <Link
      className={styles.titleLink}
      to={`/study-detail/${encodeURIComponent(study.id)}`}
      data-testid="study-title-link"
    >
      {studyTitle(study, language, untitled)}
    </Link>
  );

  const columns: DataTableColumn<Study, Column>[] = [
    { key: 'title', label: t('studies.list.columns.title'), sortKey: 'title', cell: titleLink },
    {
      key: 'period',
      label: t('studies.list.columns.period'),
      sortKey: 'period',
      className: dataTable.noWrap,
      cell: (study) => studyPeriod(study, t('studies.list.noPeriod')),
    },
    {
      key: 'creator',
      label: t('studies.list.columns.creator'),
      sortKey: 'creator',
      cell: (study) => study.created_by?.username ?? '–',
    },
    { key: 'visibility', label: t('studies.list.columns.visibility'), cell: badges },
    {
      key: 'actions',
      label: t('studies.list.columns.actions'),
      hiddenLabel: true,
      cell: (study) => (
        <div className={dataTable.rowActions}>
          <StudyRowActions study={study} {...handlers} />
        </div>
      ),
    },
  ];

  return (
    <>
      <DataTable
        columns={columns}
        rows={sorted}
        rowKey={(study) => study.id}
        rowProps={(study) => ({ 'data-testid': 'study-row', 'data-study-id': study.id })}
        sort={{
          state: sort,
          onSort: (key) => setSort((current) => nextSort(current, key)),
          sortByLabel: (column) => t('studies.list.columns.sortBy', { column }),
        }}
        className={styles.desktopOnly}
        testId="study-table"
      />

      <ul className={styles.mobileCards} data-testid="study-cards">
        {sorted.slice(0, MOBILE_CARD_COUNT).map((study) => (
          <li key={study.id} className={styles.studyCard} data-testid="study-card">
            <div className={styles.studyCardHeader}>
              {titleLink(study)}
              {badges(study)}
            </div>
            <span className={screen.muted}>{studyPeriod(study, t('studies.list.noPeriod'))}</span>
            <span className={screen.muted}>
              {t('studies.list.columns.creator')} {study.created_by?.username ?? '–'}
            </span>
            <div className={styles.cardActions}>
              <StudyRowActions study={study} {...handlers} />
            </div>
          </li>
        ))}
      </ul>
      {sorted.length > MOBILE_CARD_COUNT && (
        <p className={`${screen.muted} ${styles.mobileOnlyNote}`}>
          {t('studies.list.mobileMore', { count: MOBILE_CARD_COUNT })}
        </p>
      )}
    </>
  );
}
