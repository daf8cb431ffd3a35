import type { TFunction } from 'i18next';
import type { Dispatch } from 'react';
import type { ImportStats } from '#shared/contracts/files.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { checkExisting, importStatsLine, importUpload, stageQuestionFile } from '../../question-files/index.js';
import type { Candidate } from '../generator/types.js';
import { savedName } from '../utils/file-names.js';
import { savable, type NotesAction, type NotesState } from './notes-state.js';

/** The sheet writer (csv-stringify, about 10 KB gzipped) loads when the learner saves. */
const loadSheet = () => import('../utils/notes-sheet.js');

/** The kept candidates as the CSV file the question file import reads, each explained by `explanation`. */
async function keptAsCsvFile(kept: readonly Candidate[], name: string, explanation: (candidate: Candidate) => string) {
  const language = currentLanguage();
  const { notesSheet } = await loadSheet();
  const csv = notesSheet(kept, language, explanation);
  return new File([csv], name, { type: 'text/csv' });
}

/** The save: the kept candidates become a question file of the learner's, unless one of that name is there. */
export function useNotesSave(dispatch: Dispatch<NotesAction>, t: TFunction) {
  const tierLabel = (candidate: Candidate) => t(`notes.tiers.${candidate.tier}`);

  const save = async (current: NotesState) => {
    const kept = savable(current);
    if (kept.length === 0) return;
    const name = savedName(current.fileName);
    dispatch({ type: 'saving' });
    try {
      const existing = await checkExisting(name);
      if (existing.exists) {
        dispatch({ type: 'saveFailed', error: t('notes.save.exists', { name }) });
        return;
      }
      const file = await keptAsCsvFile(kept, name, (c) =>
        t('notes.save.explanation', { source: c.source, tier: tierLabel(c) }),
      );
      const uploadId = await stageQuestionFile(file, { onProgress: () => undefined });
      const answer = await importUpload(uploadId, name, false);
      dispatch({ type: 'saved', saved: { name: answer.file.name, stats: answer.stats, report: answer.report } });
    } catch (failure) {
      dispatch({ type: 'saveFailed', error: serverDetailOr(failure, t, t('notes.save.failed')) });
    }
  };

  const statsLine = (stats: ImportStats) => importStatsLine(t, stats);

  return { save, tierLabel, statsLine };
}
