import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { FileInput } from '../../../components/ui/form/file-input.js';
import form from '../../../components/ui/form/form.module.css';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import { useFileUpload } from '../hooks/use-file-upload.js';
import { formatFileSize } from '../utils/file-format.js';
import { ACCEPT_ATTRIBUTE } from '../utils/sheet-format-labels.js';
import { ImportPreview } from './import-preview.js';
import { ImportReport } from './import-report.js';
import { UploadProgress } from './upload-progress.js';
import styles from './question-files.module.css';

/** The upload form: file, public flag, the existing-file check, a real progress bar, the import stats. */
export function UploadCard() {
  const { t } = useTranslation();
  const inputId = useId();
  const upload = useFileUpload();
  const { file, isPublic, error, phase, busy, overwrite, last, statsLine, preview } = upload;

  return (
    <Card
      title={t('questionFiles.upload.title')}
      description={t('questionFiles.upload.description')}
      testId="upload-card"
    >
      <form className={form.form} onSubmit={(event) => void upload.onSubmit(event)} noValidate>
        <div className={form.field}>
          <label className={form.label} htmlFor={inputId}>
            {t('questionFiles.upload.file')}
          </label>
          <FileInput
            id={inputId}
            accept={`${ACCEPT_ATTRIBUTE},application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel`}
            file={file}
            disabled={busy}
            describedBy={`${inputId}-hint`}
            invalid={Boolean(error)}
            onFileChange={upload.chooseFile}
            testId="question-file-input"
          />
          <p id={`${inputId}-hint`} className={form.hint}>
            {file
              ? t('questionFiles.upload.selected', { name: file.name, size: formatFileSize(file.size) })
              : t('questionFiles.upload.hint')}
          </p>
          {error && (
            <p className={form.error} role="alert" data-testid="upload-error">
              {error}
            </p>
          )}
        </div>

        <label className={styles.checkRow}>
          <input
            type="checkbox"
            className={form.checkbox}
            checked={isPublic}
            disabled={busy}
            onChange={(event) => upload.setIsPublic(event.target.checked)}
            data-testid="upload-is-public"
          />
          <span className={styles.checkText}>
            <span>{t('questionFiles.upload.isPublic')}</span>
            <span className={styles.checkHint}>{t('questionFiles.upload.isPublicHint')}</span>
          </span>
        </label>

        {phase.kind !== 'idle' && <UploadProgress phase={phase} />}

        <div className={form.actions}>
          <button
            type="submit"
            className={`${button.button} ${button.primary}`}
            disabled={busy}
            data-testid="upload-submit"
          >
            {t('questionFiles.upload.submit')}
          </button>
          {phase.kind === 'uploading' && (
            <button type="button" className={`${button.button} ${button.secondary}`} onClick={upload.cancel}>
              {t('questionFiles.upload.cancel')}
            </button>
          )}
        </div>

        {last && (
          <div className={styles.result} role="status" data-testid="upload-result">
            <strong>
              {t('questionFiles.upload.lastResult')}: {last.name}
            </strong>
            {statsLine(last.stats)}
            <ImportReport report={last.report} />
          </div>
        )}
      </form>

      {preview && (
        <ImportPreview
          preview={preview}
          busy={busy}
          onRole={upload.changeRole}
          onReading={upload.changeReading}
          onConfirm={upload.confirmImport}
          onCancel={upload.cancelPreview}
        />
      )}

      <ConfirmModal
        open={overwrite !== null}
        title={t('questionFiles.upload.overwriteTitle')}
        confirmLabel={t('questionFiles.upload.overwriteConfirm')}
        cancelLabel={t('questionFiles.actions.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        onClose={upload.dismissOverwrite}
        onConfirm={upload.confirmOverwrite}
        testId="overwrite-modal"
      >
        <p>
          {overwrite &&
            t(
              overwrite.check.is_private
                ? 'questionFiles.upload.overwriteBodyPrivate'
                : 'questionFiles.upload.overwriteBody',
              {
                name: overwrite.file.name,
              },
            )}
        </p>
      </ConfirmModal>
    </Card>
  );
}
