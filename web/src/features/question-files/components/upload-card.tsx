import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportReport as Report, ImportStats } from '#shared/contracts/files.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { FileInput } from '../../../components/ui/form/file-input.js';
import form from '../../../components/ui/form/form.module.css';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { checkExisting } from '../api/check-existing-file.js';
import { uploadQuestionFile } from '../api/upload-question-file.js';
import { existingFileDecision, formatFileSize, localFileProblem, type ExistingCheck } from '../utils/file-format.js';
import { UploadAbortedError, UploadFailedError } from '../utils/put-with-progress.js';
import { ACCEPT_ATTRIBUTE } from '../utils/sheet-format-labels.js';
import { ImportReport } from './import-report.js';
import styles from './question-files.module.css';

/** Spec 2 §4: idle, checking the existing file, uploading (then the server imports). */
type Phase = { kind: 'idle' } | { kind: 'checking' } | { kind: 'uploading'; percent: number } | { kind: 'importing' };

interface LastResult {
  name: string;
  stats: ImportStats;
  report: Report;
}

const PROBLEM_KEYS = {
  missing: 'questionFiles.upload.fileRequired',
  extension: 'questionFiles.upload.badExtension',
  tooLarge: 'questionFiles.upload.tooLarge',
  empty: 'questionFiles.upload.empty',
} as const;

/** The upload form: file, public flag, the existing-file check, a real progress bar, the import stats. */
export function UploadCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // Private unless the uploader chooses otherwise: a public file shows their name to everyone (issue 14).
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [overwrite, setOverwrite] = useState<{ file: File; check: ExistingCheck } | null>(null);
  const [last, setLast] = useState<LastResult | null>(null);

  // Leaving the page mid-upload stops the transfer.
  useEffect(() => () => abort.current?.abort(), []);

  const busy = phase.kind !== 'idle';

  const statsLine = (stats: ImportStats) =>
    t('questionFiles.upload.stats', {
      total: stats.total_rows,
      imported: stats.imported,
      skipped: stats.skipped,
      blank: stats.skipped_blank_answer,
      duplicates: stats.duplicates_removed,
      long: stats.skipped_too_long,
      assigned: stats.ids_assigned,
    });

  const upload = async (chosen: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const answer = await uploadQuestionFile(chosen, isPublic, {
        signal: controller.signal,
        onPhase: (next) => setPhase(next === 'uploading' ? { kind: 'uploading', percent: 0 } : { kind: 'importing' }),
        onProgress: (progress) => setPhase({ kind: 'uploading', percent: progress.percent }),
      });
      const key = answer.replaced ? 'questionFiles.upload.replaced' : 'questionFiles.upload.success';
      toast.success(`${t(key, { name: answer.file.name, imported: answer.stats.imported })}\n${statsLine(answer.stats)}`, 6000);
      setLast({ name: answer.file.name, stats: answer.stats, report: answer.report });
      setFile(null);
    } catch (failure) {
      if (failure instanceof UploadAbortedError) {
        toast.info(t('questionFiles.upload.aborted'));
      } else if (failure instanceof UploadFailedError) {
        toast.error(t('questionFiles.upload.storageFailed'));
      } else {
        const detail = serverDetailOr(failure, t, '');
        toast.error(detail ? t('questionFiles.upload.failed', { detail }) : t('questionFiles.upload.failedGeneric'), 6000);
        if (detail) setError(detail);
      }
    } finally {
      abort.current = null;
      setPhase({ kind: 'idle' });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = localFileProblem(file);
    if (problem || !file) {
      const message = t(PROBLEM_KEYS[problem ?? 'missing']);
      setError(message);
      toast.warning(message);
      return;
    }
    setError(null);
    setPhase({ kind: 'checking' });
    let check: ExistingCheck;
    try {
      check = await checkExisting(file.name);
    } catch (failure) {
      setPhase({ kind: 'idle' });
      const network = failure instanceof ApiError && failure.code === CLIENT_ERROR_CODES.network;
      toast.error(t(network ? 'questionFiles.upload.checkNetwork' : 'questionFiles.upload.checkFailed'));
      return;
    }
    const decision = existingFileDecision(check);
    if (decision === 'blocked') {
      setPhase({ kind: 'idle' });
      setError(t('questionFiles.upload.privateBlocked'));
      toast.error(t('questionFiles.upload.privateBlocked'));
      return;
    }
    if (decision === 'confirmOverwrite') {
      setPhase({ kind: 'idle' });
      setOverwrite({ file, check });
      return;
    }
    await upload(file);
  };

  return (
    <Card title={t('questionFiles.upload.title')} description={t('questionFiles.upload.description')} testId="upload-card">
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
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
            onFileChange={(chosen) => {
              setFile(chosen);
              setError(null);
            }}
            testId="question-file-input"
          />
          <p id={`${inputId}-hint`} className={form.hint}>
            {file ? t('questionFiles.upload.selected', { name: file.name, size: formatFileSize(file.size) }) : t('questionFiles.upload.hint')}
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
            onChange={(event) => setIsPublic(event.target.checked)}
            data-testid="upload-is-public"
          />
          <span className={styles.checkText}>
            <span>{t('questionFiles.upload.isPublic')}</span>
            <span className={styles.checkHint}>{t('questionFiles.upload.isPublicHint')}</span>
          </span>
        </label>

        {phase.kind !== 'idle' && <UploadProgress phase={phase} />}

        <div className={form.actions}>
          <button type="submit" className={`${button.button} ${button.primary}`} disabled={busy} data-testid="upload-submit">
            {t('questionFiles.upload.submit')}
          </button>
          {phase.kind === 'uploading' && (
            <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => abort.current?.abort()}>
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

      <ConfirmModal
        open={overwrite !== null}
        title={t('questionFiles.upload.overwriteTitle')}
        confirmLabel={t('questionFiles.upload.overwriteConfirm')}
        cancelLabel={t('questionFiles.actions.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        onClose={() => setOverwrite(null)}
        onConfirm={() => {
          const pending = overwrite;
          setOverwrite(null);
          if (pending) void upload(pending.file);
        }}
        testId="overwrite-modal"
      >
        <p>
          {overwrite &&
            t(overwrite.check.is_private ? 'questionFiles.upload.overwriteBodyPrivate' : 'questionFiles.upload.overwriteBody', {
              name: overwrite.file.name,
            })}
        </p>
      </ConfirmModal>
    </Card>
  );
}

function UploadProgress({ phase }: { phase: Exclude<Phase, { kind: 'idle' }> }) {
  const { t } = useTranslation();
  const determinate = phase.kind === 'uploading';
  // The bar measures the upload. Once the bytes are in, it reads 100 while the import runs:
  // React batches the last progress event with the switch to "importing", so 100 would
  // otherwise never reach the screen or a screen reader.
  const uploadedPercent = phase.kind === 'uploading' ? phase.percent : phase.kind === 'importing' ? 100 : undefined;
  const text =
    phase.kind === 'checking'
      ? t('questionFiles.upload.checking')
      : phase.kind === 'uploading'
        ? t('questionFiles.upload.uploading', { percent: phase.percent })
        : t('questionFiles.upload.importing');
  return (
    <div className={styles.progressBox} data-testid="upload-progress" data-phase={phase.kind}>
      <div className={styles.progressText} aria-live="polite">
        <span>{text}</span>
      </div>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={t('questionFiles.upload.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploadedPercent}
        aria-valuetext={text}
        data-testid="upload-progress-bar"
      >
        <div className={`${styles.progressFill} ${determinate ? '' : styles.progressIndeterminate}`} style={determinate ? { width: `${phase.percent}%` } : undefined} />
      </div>
    </div>
  );
}
