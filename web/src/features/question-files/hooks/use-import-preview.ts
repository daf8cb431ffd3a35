import { useCallback, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '#shared/contracts/files.js';
import type { ColumnRole, SheetReading } from '#shared/domain/question-sheet.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { previewUpload } from '../api/preview-uploaded-file.js';
import { previewReducer } from './preview-state.js';

/** Choices made in a row (arrow keys through a select, a few quick clicks) wait this long and make one request. */
export const PREVIEW_DEBOUNCE_MS = 250;

/**
 * The pending preview of an upload: opened with the first answer, asked again whenever the
 * learner changes the reading or a column's role (the previous answer stays on screen meanwhile),
 * and closed by the import or a cancel. The states and their moves are `previewReducer`'s.
 */
export function useImportPreview() {
  const { t } = useTranslation();
  const [preview, dispatch] = useReducer(previewReducer, null);
  const request = preview?.request ?? null;

  useEffect(() => {
    if (!request) return;
    const timer = setTimeout(() => {
      const { uploadId, seq } = request;
      previewUpload(uploadId, request.fileName, { mapping: request.mapping, reading: request.reading }).then(
        (answer) => dispatch({ type: 'answered', uploadId, seq, answer }),
        (failure: unknown) =>
          dispatch({
            type: 'failed',
            uploadId,
            seq,
            error: serverDetailOr(failure, t, t('questionFiles.upload.failedGeneric')),
          }),
      );
    }, PREVIEW_DEBOUNCE_MS);
    // A newer choice replaces this request; an answer already on its way is dropped by its seq.
    return () => clearTimeout(timer);
  }, [request, t]);

  const open = useCallback(
    (file: File, uploadId: string, answer: ImportPreview) => dispatch({ type: 'opened', file, uploadId, answer }),
    [],
  );
  const changeReading = useCallback((reading: SheetReading) => dispatch({ type: 'readingChanged', reading }), []);
  const changeRole = useCallback(
    (index: number, role: ColumnRole) => dispatch({ type: 'roleChanged', index, role }),
    [],
  );
  const close = useCallback(() => dispatch({ type: 'closed' }), []);

  return { preview, open, changeReading, changeRole, close };
}
