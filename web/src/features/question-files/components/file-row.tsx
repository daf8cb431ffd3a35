import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionFile } from '#shared/contracts/files.js';
import badge from '../../../components/ui/badge/badge.module.css';
import button from '../../../components/ui/button/button.module.css';
import { DataTableRow, type DataTableColumn } from '../../../components/ui/data-table/data-table.js';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { downloadQuestionFile } from '../api/download-question-file.js';
import { startQuestionFileExport } from '../api/export-question-file.js';
import { useQuestionExport } from '../hooks/use-question-export.js';
import { ExportMenu } from './export-menu.js';
import { setFilePublic } from '../api/update-question-file.js';
import { formatFileSize, formatModified, type FileSortKey } from '../utils/file-format.js';
import styles from './question-files.module.css';

interface Props {
  file: QuestionFile;
  canChange: boolean;
  onDelete(): void;
}

/** One file: view mode, or edit mode choosing public or private (docs/product.md#question-files), then save or cancel. */
export function FileRow({ file, canChange, onDelete }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [draftPublic, setDraftPublic] = useState(file.is_public);
  const [pending, setPending] = useState(false);
  const fileExport = useQuestionExport((format) => startQuestionFileExport(file, format));
  const language = currentLanguage();

  const save = async () => {
    if (draftPublic === file.is_public) {
      setEditing(false);
      return;
    }
    setPending(true);
    try {
      await setFilePublic(file, draftPublic);
      toast.success(t('questionFiles.actions.saved'));
      setEditing(false);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 403
          ? t('questionFiles.actions.noPermission')
          : serverDetailOr(error, t, t('questionFiles.actions.saveFailed')),
      );
    } finally {
      setPending(false);
    }
  };

  const download = async () => {
    try {
      await downloadQuestionFile(file);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('questionFiles.actions.downloadFailed')));
    }
  };

  const columns = fileColumns(t, {
    name: () => (
      <div className={styles.nameCell}>
        <span className={styles.fileName} title={file.name}>
          {file.name}
        </span>
        {editing ? (
          <select
            className={`${form.select} ${form.compact} ${styles.visibilitySelect}`}
            value={draftPublic ? 'public' : 'private'}
            onChange={(event) => setDraftPublic(event.target.value === 'public')}
            aria-label={t('questionFiles.actions.visibility')}
            data-testid="file-visibility-select"
          >
            <option value="public">{t('questionFiles.list.public')}</option>
            <option value="private">{t('questionFiles.list.private')}</option>
          </select>
        ) : (
          <span
            className={`${badge.badge} ${file.is_public ? badge.success : badge.warning}`}
            data-testid="file-visibility"
          >
            {t(file.is_public ? 'questionFiles.list.public' : 'questionFiles.list.private')}
          </span>
        )}
      </div>
    ),
    size: () => formatFileSize(file.size),
    modified: () => formatModified(file.modified, language),
    max_questions: () => t('questionFiles.list.questions', { count: file.max_questions }),
    owner: () => (
      <>
        {file.uploaded_by || t('questionFiles.list.unknownOwner')}
        {file.is_owner && (
          <span className={`${badge.badge} ${badge.primary} ${styles.ownerBadge}`}>{t('questionFiles.list.mine')}</span>
        )}
      </>
    ),
    actions: () => (
      <div className={`${dataTable.rowActions} ${styles.rowActions}`}>
        {editing ? (
          <>
            <button
              type="button"
              className={`${button.button} ${button.primary} ${button.small}`}
              disabled={pending}
              onClick={() => void save()}
              data-testid="file-save"
            >
              {t('questionFiles.actions.save')}
            </button>
            <button
              type="button"
              className={`${button.button} ${button.secondary} ${button.small}`}
              disabled={pending}
              onClick={() => {
                setDraftPublic(file.is_public);
                setEditing(false);
              }}
            >
              {t('questionFiles.actions.cancel')}
            </button>
          </>
        ) : (
          <>
            <ExportMenu
              small
              label={t('questionFiles.actions.download')}
              onOriginal={() => void download()}
              testId="file-export"
              preparing={fileExport.preparing}
              onExport={fileExport.exportAs}
            />
            {canChange && (
              <>
                <button
                  type="button"
                  className={`${button.button} ${button.secondary} ${button.small}`}
                  onClick={() => {
                    setDraftPublic(file.is_public);
                    setEditing(true);
                  }}
                  data-testid="file-edit"
                >
                  {t('questionFiles.actions.edit')}
                </button>
                <button
                  type="button"
                  className={`${button.button} ${button.dangerOutline} ${button.small}`}
                  onClick={onDelete}
                  data-testid="file-delete"
                >
                  {t('questionFiles.actions.delete')}
                </button>
              </>
            )}
          </>
        )}
      </div>
    ),
  });

  return <DataTableRow columns={columns} row={file} data-testid="file-row" data-file-name={file.name} />;
}

type FileColumn = FileSortKey | 'owner' | 'actions';

/**
 * The files table's columns: the head (from labels alone) and, given `cells`, one row's cells. A row
 * (FileRow) has state of its own — the visibility edit — so it builds its columns each render. The name
 * is a phone card's title, shown without its column name.
 */
export function fileColumns(
  t: TFunction,
  cells: Partial<Record<FileColumn, () => ReactNode>> = {},
): DataTableColumn<QuestionFile, FileSortKey>[] {
  const cell = (key: FileColumn) => () => cells[key]?.() ?? null;
  const label = (key: string) => t(`questionFiles.list.columns.${key}`);
  const sortable = (
    key: FileSortKey,
    labelKey: string,
    className?: string,
  ): DataTableColumn<QuestionFile, FileSortKey> => ({
    key,
    label: label(labelKey),
    sortKey: key,
    sortTestId: `sort-${key}`,
    className,
    cell: cell(key),
  });
  return [
    { ...sortable('name', 'name'), cardLabel: false },
    sortable('size', 'size', dataTable.numeric),
    sortable('modified', 'modified'),
    sortable('max_questions', 'maxQuestions', dataTable.numeric),
    { key: 'owner', label: label('owner'), cell: cell('owner') },
    { key: 'actions', label: label('actions'), hiddenLabel: true, cell: cell('actions') },
  ];
}
