import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import card from '../../../components/ui/card/card.module.css';
import { FileInput } from '../../../components/ui/form/file-input.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { importConnectedFile, updateQuestionsFromSheet } from '../api/update-questions-from-sheet.js';
import styles from './exam-detail.module.css';

/** docs/product.md#exam-detail: a question sheet is .xlsx, .xls or .csv. */
const SHEET_ACCEPT = '.xlsx,.xls,.csv';
const SHEET_PATTERN = /\.(xlsx|xls|csv)$/i;
/** docs/product.md#limits: at most 5 error details, then an and-more count. */
const SHOWN_ERROR_DETAILS = 5;

interface Props {
  examId: string;
  /** The exam's source file; import is offered only with one. */
  connectedFile: string | null;
  /** Study admins may upload only when the exam has no connected file (docs/product.md#roles). */
  canUpload: boolean;
  onDownload(): void;
}

/** The upload card: update the questions from a sheet (matched by question id) or import from the connected file. */
export function UploadCard({ examId, connectedFile, canUpload, onDownload }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<string[]>([]);

  const upload = async () => {
    if (!file) {
      toast.warning(t('examDetail.upload.selectFile'));
      return;
    }
    if (!SHEET_PATTERN.test(file.name)) {
      toast.warning(t('examDetail.upload.badType'));
      return;
    }
    setPending(true);
    try {
      const answer = await updateQuestionsFromSheet(examId, file);
      const { stats } = answer;
      toast.success(
        t('examDetail.upload.updated', { updated: stats.updated, skipped: stats.skipped, errors: stats.errors }),
      );
      const details = stats.error_details.slice(0, SHOWN_ERROR_DETAILS);
      const more = stats.error_details.length - details.length;
      // Images the rows named and the update stored (D257); refused ones are among the details.
      const stored = stats.images?.stored ? [t('examDetail.upload.imagesStored', { count: stats.images.stored })] : [];
      setReport([...stored, ...details, ...(more > 0 ? [t('examDetail.upload.andMore', { count: more })] : [])]);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('examDetail.upload.failed')));
    } finally {
      setPending(false);
    }
  };

  const importFile = async () => {
    setPending(true);
    try {
      const { stats } = await importConnectedFile(examId);
      toast.success(
        t('examDetail.upload.imported', { imported: stats.imported, skipped: stats.skipped, errors: stats.errors }),
      );
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('examDetail.upload.importFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={`${card.panel} ${styles.card}`} aria-labelledby={`${id}-title`} data-testid="upload-card">
      <div className={styles.cardHeader}>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          {t('examDetail.upload.title')}
        </h2>
      </div>
      {canUpload && (
        <div className={styles.inlineField}>
          <label className="visually-hidden" htmlFor={`${id}-file`}>
            {t('examDetail.upload.file')}
          </label>
          <FileInput id={`${id}-file`} accept={SHEET_ACCEPT} file={file} onFileChange={setFile} testId="upload-file" />
          <button
            type="button"
            className={`${button.button} ${button.primary} ${button.small}`}
            disabled={pending}
            onClick={() => void upload()}
            data-testid="upload-submit"
          >
            {t('examDetail.upload.update')}
          </button>
        </div>
      )}
      {report.length > 0 && (
        <ul className={styles.uploadReport} data-testid="upload-report">
          {report.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {connectedFile && (
        <div className={styles.optionButtons}>
          <span className={styles.cardText}>{t('examDetail.upload.connected', { name: connectedFile })}</span>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${button.small}`}
            disabled={pending}
            onClick={() => void importFile()}
            data-testid="upload-import"
          >
            {t('examDetail.upload.import')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.ghost} ${button.small}`}
            onClick={onDownload}
            data-testid="upload-download"
          >
            {t('examDetail.upload.download')}
          </button>
        </div>
      )}
    </section>
  );
}
