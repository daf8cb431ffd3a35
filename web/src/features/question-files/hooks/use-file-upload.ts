import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportStats } from '#shared/contracts/files.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { checkExisting } from '../api/check-existing-file.js';
import { uploadQuestionFile } from '../api/upload-question-file.js';
import { existingFileDecision, localFileProblem, type ExistingCheck } from '../utils/file-format.js';
import { UploadAbortedError, UploadFailedError } from '../utils/put-with-progress.js';

/** docs/product.md#question-files: idle, checking the existing file, uploading (then the server imports). */
export type UploadPhase =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'uploading'; percent: number } | { kind: 'importing' };

interface LastResult {
  name: string;
  stats: ImportStats;
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
  // Private unless the uploader chooses otherwise: a public file shows their name to everyone (issue 14).
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
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
      toast.success(
        `${t(key, { name: answer.file.name, imported: answer.stats.imported })}\n${statsLine(answer.stats)}`,
        6000,
      );
      setLast({ name: answer.file.name, stats: answer.stats });
      setFile(null);
    } catch (failure) {
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
    onSubmit,
    cancel: () => abort.current?.abort(),
  };
}
