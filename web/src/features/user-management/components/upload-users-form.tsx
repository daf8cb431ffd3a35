import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { FileInput } from '../../../components/ui/form/file-input.js';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { uploadUsersSheet } from '../api/upload-users-sheet.js';
import { isSpreadsheetName, summarizeUpload } from '../utils/upload-summary.js';
import styles from './user-management.module.css';

const TOAST_MS = LIMITS.toastMs.userManagement;

/** The users sheet upload, answered by a 5 s summary toast (docs/product.md#errors). */
export function UploadUsersForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('userManagement.upload.fileRequired'));
      return;
    }
    if (!isSpreadsheetName(file.name)) {
      setError(t('userManagement.upload.badType'));
      return;
    }
    setError(null);
    setPending(true);
    try {
      const { stats } = await uploadUsersSheet(file);
      const summary = summarizeUpload(stats);
      const lines = [
        t('userManagement.upload.summary', summary.totals),
        ...summary.details.map((detail) =>
          t('userManagement.upload.detail', { row: detail.row, username: detail.username || '-', error: detail.error }),
        ),
      ];
      if (summary.remaining > 0) lines.push(t('userManagement.upload.more', { count: summary.remaining }));
      toast.show(lines.join('\n'), { type: stats.errors > 0 ? 'warning' : 'success', durationMs: TOAST_MS });
      setFile(null);
    } catch (failure) {
      toast.error(
        t('userManagement.upload.failed', { detail: serverDetailOr(failure, t, t('app.errors.generic')) }),
        TOAST_MS,
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Card
      title={t('userManagement.upload.title')}
      description={t('userManagement.upload.hint')}
      testId="upload-users-form"
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={form.field}>
          <label className={form.label} htmlFor={inputId}>
            {t('userManagement.upload.file')}
          </label>
          <div className={styles.fileRow}>
            <FileInput
              id={inputId}
              accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              file={file}
              invalid={Boolean(error)}
              onFileChange={(chosen) => {
                setFile(chosen);
                setError(null);
              }}
              testId="users-sheet-input"
            />
            <button
              type="submit"
              className={`${button.button} ${button.primary}`}
              disabled={pending}
              data-testid="users-sheet-upload"
            >
              {pending ? t('userManagement.upload.uploading') : t('userManagement.upload.button')}
            </button>
          </div>
          {error && (
            <p className={form.error} role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}
