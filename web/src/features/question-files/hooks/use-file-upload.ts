import { useEffect, useRef, useState, type FormEvent, type MutableRefObject } from 'react';
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

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a failed upload or import tells the user: its toast's tone and text, and the server's sentence for the form. */
function failureNotice(
  failure: unknown,
  t: Translate,
): { tone: 'info' | 'error' | 'server'; text: string; detail?: string } {
  if (failure instanceof UploadAbortedError) return { tone: 'info', text: t('questionFiles.upload.aborted') };
  if (failure instanceof UploadFailedError) return { tone: 'error', text: t('questionFiles.upload.storageFailed') };
  const detail = serverDetailOr(failure, t, '');
  if (!detail) return { tone: 'server', text: t('questionFiles.upload.failedGeneric') };
  return { tone: 'server', text: t('questionFiles.upload.failed', { detail }), detail };
}

type ExistingOutcome =
  { kind: 'upload' } | { kind: 'overwrite'; check: ExistingCheck } | { kind: 'refused'; text: string; onForm: boolean };

/** The server's word on a file of this name already there: upload, ask to overwrite, or refused (and why). */
async function existingFileOutcome(name: string, t: Translate): Promise<ExistingOutcome> {
  let check: ExistingCheck;
  try {
    check = await checkExisting(name);
  } catch (failure) {
    const network = failure instanceof ApiError && failure.code === CLIENT_ERROR_CODES.network;
    return {
      kind: 'refused',
      text: t(network ? 'questionFiles.upload.checkNetwork' : 'questionFiles.upload.checkFailed'),
      onForm: false,
    };
  }
  const decision = existingFileDecision(check);
  if (decision === 'blocked') return { kind: 'refused', text: t('questionFiles.upload.privateBlocked'), onForm: true };
  if (decision === 'confirmOverwrite') return { kind: 'overwrite', check };
  return { kind: 'upload' };
}

/** The bytes to storage with their progress (abortable through `abort`), then the server's preview of them. */
async function stageForPreview(
  chosen: File,
  abort: MutableRefObject<AbortController | null>,
  setPhase: (phase: UploadPhase) => void,
) {
  const controller = new AbortController();
  abort.current = controller;
  setPhase({ kind: 'uploading', percent: 0 });
  try {
    const uploadId = await stageQuestionFile(chosen, {
      signal: controller.signal,
      onProgress: (progress) => setPhase({ kind: 'uploading', percent: progress.percent }),
    });
    setPhase({ kind: 'importing' });
    return { uploadId, answer: await previewUpload(uploadId, chosen.name) };
  } finally {
    abort.current = null;
  }
}

/**
 * The transfer and the import: the phase, the upload with its progress and abort, the preview it
 * opens, the confirmed import and its stats. `onFailureDetail` receives the server's sentence of a
 * failure, for the form.
 */
function useUploadSteps(onFailureDetail: (detail: string) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const abort = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const [last, setLast] = useState<LastResult | null>(null);
  const importPreview = useImportPreview();
  const { preview, open: openPreview, close: closePreview } = importPreview;

  // Leaving the page mid-upload stops the transfer.
  useEffect(() => () => abort.current?.abort(), []);

  const statsLine = (stats: ImportStats) => importStatsLine(t, stats);

  const failed = (failure: unknown) => {
    const notice = failureNotice(failure, t);
    if (notice.tone === 'info') toast.info(notice.text);
    else toast.error(notice.text, notice.tone === 'server' ? 6000 : undefined);
    if (notice.detail) onFailureDetail(notice.detail);
  };

  /** Sends the bytes to storage, then asks for the preview: nothing is imported before the user confirms. */
  const upload = (chosen: File) =>
    stageForPreview(chosen, abort, setPhase)
      .then(({ uploadId, answer }) => openPreview(chosen, uploadId, answer))
      .catch(failed)
      .finally(() => setPhase({ kind: 'idle' }));

  /** The user confirmed: the import with the mapping and the reading they saw previewed. */
  const confirmImport = async (isPublic: boolean, onImported: () => void) => {
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
      onImported();
    } catch (failure) {
      failed(failure);
      closePreview();
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  return {
    phase,
    setPhase,
    last,
    statsLine,
    importPreview,
    upload,
    confirmImport,
    cancel: () => abort.current?.abort(),
  };
}

/**
 * The upload's state and steps: the chosen file and public flag, the local checks, the
 * existing-file check (which may ask to overwrite), the upload with its progress and abort, and
 * the last import's stats.
 */
export function useFileUpload() {
  const { t } = useTranslation();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  // Private unless the uploader chooses otherwise: a public file shows their name to everyone.
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [overwrite, setOverwrite] = useState<{ file: File; check: ExistingCheck } | null>(null);
  const steps = useUploadSteps(setError);
  const { phase, setPhase, upload } = steps;
  const { preview, changeReading, changeRole, close: closePreview } = steps.importPreview;
  const busy = phase.kind !== 'idle';

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
    const outcome = await existingFileOutcome(file.name, t);
    if (outcome.kind === 'upload') return upload(file);
    setPhase({ kind: 'idle' });
    if (outcome.kind === 'overwrite') setOverwrite({ file, check: outcome.check });
    else {
      if (outcome.onForm) setError(outcome.text);
      toast.error(outcome.text);
    }
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
    last: steps.last,
    statsLine: steps.statsLine,
    preview,
    changeRole,
    changeReading,
    confirmImport: () => void steps.confirmImport(isPublic, () => setFile(null)),
    cancelPreview: closePreview,
    onSubmit,
    cancel: steps.cancel,
  };
}
