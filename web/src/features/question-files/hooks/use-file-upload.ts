import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { importStatsLine } from '../utils/import-stats-line.js';
import type { ImportReport, ImportStats } from '#shared/contracts/files.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { checkExisting } from '../api/check-existing-file.js';
import { importUpload } from '../api/import-uploaded-file.js';
import { previewUpload } from '../api/preview-uploaded-file.js';
import { stageQuestionFile } from '../api/upload-question-file.js';
import { existingFileDecision, localFileProblem, type ExistingCheck } from '../utils/file-format.js';
import { UploadAbortedError, UploadFailedError } from '../utils/put-with-progress.js';
import { importChoices } from './preview-state.js';
import { useImportPreview } from './use-import-preview.js';

/** docs/product.md#question-files: idle, checking the existing file, uploading (then the server imports). */
export type UploadPhase =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'uploading'; percent: number } | { kind: 'importing' };

interface LastResult {
  name: string;
  stats: ImportStats;
  report: ImportReport;
}

const PROBLEM_KEYS = {
  missing: 'questionFiles.upload.fileRequired',
  extension: 'questionFiles.upload.badExtension',
  tooLarge: 'questionFiles.upload.tooLarge',
  empty: 'questionFiles.upload.empty',
} as const;

/**
 * The upload's state and steps: the chosen file and public flag, the local checks, the
 * existing-file check (which may ask to overwrite), the upload with its progress and abort, and
 * the last import's stats.
 */
export function useFileUpload() {
  const { t } = useTranslation();
  const toast = useToast();
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // Private unless the uploader chooses otherwise: a public file shows their name to everyone.
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const [overwrite, setOverwrite] = useState<{ file: File; check: ExistingCheck } | null>(null);
  const [last, setLast] = useState<LastResult | null>(null);
  const { preview, open: openPreview, changeReading, changeRole, close: closePreview } = useImportPreview();

  // Leaving the page mid-upload stops the transfer.
  useEffect(() => () => abort.current?.abort(), []);

  const busy = phase.kind !== 'idle';

  const statsLine = (stats: ImportStats) => importStatsLine(t, stats);

  const failed = (failure: unknown) => {
    if (failure instanceof UploadAbortedError) {
      toast.info(t('questionFiles.upload.aborted'));
    } else if (failure instanceof UploadFailedError) {
      toast.error(t('questionFiles.upload.storageFailed'));
    } else {
      const detail = serverDetailOr(failure, t, '');
      toast.error(
        detail ? t('questionFiles.upload.failed', { detail }) : t('questionFiles.upload.failedGeneric'),
        6000,
      );
      if (detail) setError(detail);
    }
  };

  /** Sends the bytes to storage, then asks for the preview: nothing is imported before the user confirms. */
  const upload = async (chosen: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const uploadId = await stageQuestionFile(chosen, {
        signal: controller.signal,
        onProgress: (progress) => setPhase({ kind: 'uploading', percent: progress.percent }),
      });
      setPhase({ kind: 'importing' });
      const answer = await previewUpload(uploadId, chosen.name);
      openPreview(chosen, uploadId, answer);
    } catch (failure) {
      failed(failure);
    } finally {
      abort.current = null;
      setPhase({ kind: 'idle' });
    }
  };

  /** The user confirmed: the import with the mapping and the reading they saw previewed. */
  const confirmImport = async () => {
    if (!preview || preview.status !== 'ready') return;
    const pending = preview;
    setPhase({ kind: 'importing' });
    try {
      const answer = await importUpload(pending.uploadId, pending.file.name, isPublic, importChoices(pending));
      const key = answer.replaced ? 'questionFiles.upload.replaced' : 'questionFiles.upload.success';
      toast.success(
        `${t(key, { name: answer.file.name, count: answer.stats.imported })}\n${statsLine(answer.stats)}`,
        6000,
      );
      setLast({ name: answer.file.name, stats: answer.stats, report: answer.report });
      closePreview();
      setFile(null);
    } catch (failure) {
      failed(failure);
      closePreview();
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    closePreview();
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

  const confirmOverwrite = () => {
    const pending = overwrite;
    setOverwrite(null);
    if (pending) void upload(pending.file);
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setError(null);
  };

  return {
    file,
    chooseFile,
    isPublic,
    setIsPublic,
    error,
    phase,
    busy,
    overwrite,
    dismissOverwrite: () => setOverwrite(null),
    confirmOverwrite,
    last,
    statsLine,
    preview,
    changeRole,
    changeReading,
    confirmImport: () => void confirmImport(),
    cancelPreview: closePreview,
    onSubmit,
    cancel: () => abort.current?.abort(),
  };
}
