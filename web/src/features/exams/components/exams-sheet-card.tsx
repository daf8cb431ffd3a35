import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { FileInput } from '../../../components/ui/form/file-input.js';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { downloadExamsSheet } from '../api/download-exams-sheet.js';
import { uploadExamsSheet } from '../api/upload-exams-sheet.js';
import { isExamSheetName, summarizeErrorDetails } from '../utils/sheet-summary.js';
import styles from './exams.module.css';

const SUMMARY_MS = 6000;

/** Admin: the exam list as exams_{timestamp}.xlsx, and its upload with the stats (docs/product.md#exam-management, #errors). */
export function ExamsSheetCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'download' | 'upload' | null>(null);

  const download = async () => {
    setPending('download');
    try {
      await downloadExamsSheet();
    } catch (failure) {
      toast.error(serverDetailOr(failure, t, t('exams.sheet.downloadFailed')));
    } finally {
      setPending(null);
    }
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('exams.sheet.selectFile'));
      toast.warning(t('exams.sheet.selectFile'));
      return;
    }
    if (!isExamSheetName(file.name)) {
      setError(t('exams.sheet.badType'));
      return;
    }
    setError(null);
    setPending('upload');
    try {
      const { stats } = await uploadExamsSheet(file);
      const { shown, remaining } = summarizeErrorDetails(stats.error_details, stats.errors);
      // The server's sentence says the same counts; the summary adds the total and the details.
      const lines = [
        t('exams.sheet.summary', {
          total: stats.total_exams,
          created: stats.created,
          skipped: stats.skipped,
          errors: stats.errors,
        }),
        ...shown,
      ];
      if (remaining > 0) lines.push(t('exams.sheet.more', { count: remaining }));
      toast.show(lines.join('\n'), { type: stats.errors > 0 ? 'warning' : 'success', durationMs: SUMMARY_MS });
      setFile(null);
    } catch (failure) {
      toast.error(
        t('exams.sheet.uploadFailed', { detail: serverDetailOr(failure, t, t('app.errors.generic')) }),
        SUMMARY_MS,
      );
    } finally {
      setPending(null);
    }
  };

  return (
    <Card title={t('exams.sheet.title')} description={t('exams.sheet.description')} testId="exams-sheet-card">
      <div className={styles.sheetRow}>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          disabled={pending !== null}
          onClick={() => void download()}
          data-testid="exams-sheet-download"
        >
          {t('exams.sheet.download')}
        </button>
        <form className={form.field} onSubmit={(event) => void upload(event)} noValidate>
          <label className={form.label} htmlFor={inputId}>
            {t('exams.sheet.file')}
          </label>
          <div className={form.actions}>
            <FileInput
              id={inputId}
              accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              file={file}
              invalid={Boolean(error)}
              onFileChange={(chosen) => {
                setFile(chosen);
                setError(null);
              }}
              testId="exams-sheet-input"
            />
            <button
              type="submit"
              className={`${button.button} ${button.primary}`}
              disabled={pending !== null}
              data-testid="exams-sheet-upload"
            >
              {pending === 'upload' ? t('exams.sheet.uploading') : t('exams.sheet.upload')}
            </button>
          </div>
          {error && (
            <p className={form.error} role="alert">
              {error}
            </p>
          )}
        </form>
      </div>
    </Card>
  );
}
