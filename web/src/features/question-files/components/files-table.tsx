import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionFile } from '#shared/contracts/files.js';
import { DataTable } from '../../../components/ui/data-table/data-table.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { DEFAULT_FILE_SORT, nextFileSort, sortFiles, type FileSort } from '../utils/file-format.js';
import { FileRow, fileColumns } from './file-row.js';
import styles from './question-files.module.css';

interface Props {
  files: QuestionFile[];
  isAdmin: boolean;
  onDelete(file: QuestionFile): void;
}

/** docs/product.md#question-files: sortable name, size, modified and max questions; badges; per-row actions. */
export function FilesTable({ files, isAdmin, onDelete }: Props) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<FileSort>(DEFAULT_FILE_SORT);
  const language = currentLanguage();
  const sorted = sortFiles(files, sort, language);

  return (
    <DataTable
      columns={fileColumns(t)}
      rows={sorted}
      rowKey={(file) => file.id}
      renderRow={(file) => (
        <FileRow key={file.id} file={file} canChange={file.is_owner || isAdmin} onDelete={() => onDelete(file)} />
      )}
      sort={{
        state: sort,
        onSort: (key) => setSort((current) => nextFileSort(current, key)),
        sortByLabel: (column) => t('questionFiles.list.columns.sortBy', { column }),
      }}
      cards
      noWrap
      scrollX
      className={styles.filesTable}
      testId="files-table"
    />
  );
}
