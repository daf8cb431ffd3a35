import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionFile } from '#shared/contracts/files.js';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import { currentLanguage } from '../../../lib/i18n.js';
import { DEFAULT_FILE_SORT, nextFileSort, sortFiles, type FileSort, type FileSortKey } from '../utils/file-format.js';
import { FileRow } from './file-row.js';
import styles from './question-files.module.css';

const COLUMNS: { key: FileSortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'name' },
  { key: 'size', label: 'size', numeric: true },
  { key: 'modified', label: 'modified' },
  { key: 'max_questions', label: 'maxQuestions', numeric: true },
];

interface Props {
  files: QuestionFile[];
  isAdmin: boolean;
  onDelete(file: QuestionFile): void;
}

/** Spec 2 §2.4: sortable name, size, modified and max questions; badges; per-row actions. */
export function FilesTable({ files, isAdmin, onDelete }: Props) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<FileSort>(DEFAULT_FILE_SORT);
  const language = currentLanguage();
  const sorted = sortFiles(files, sort, language);

  return (
    <div className={`${dataTable.wrap} ${dataTable.cards}`} data-scroll-x>
      <table className={`${dataTable.table} ${dataTable.noWrap} ${styles.filesTable}`} data-testid="files-table">
        <thead className={dataTable.sortBar}>
          <tr>
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              const label = t(`questionFiles.list.columns.${column.label}`);
              return (
                <th
                  key={column.key}
                  className={column.numeric ? dataTable.numeric : undefined}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className={dataTable.sortButton}
                    onClick={() => setSort((current) => nextFileSort(current, column.key))}
                    title={t('questionFiles.list.columns.sortBy', { column: label })}
                    data-testid={`sort-${column.key}`}
                  >
                    {label}
                    <span className={dataTable.sortIcon} aria-hidden="true">
                      {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              );
            })}
            <th>{t('questionFiles.list.columns.owner')}</th>
            <th>
              <span className="visually-hidden">{t('questionFiles.list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((file) => (
            <FileRow key={file.id} file={file} canChange={file.is_owner || isAdmin} onDelete={() => onDelete(file)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
