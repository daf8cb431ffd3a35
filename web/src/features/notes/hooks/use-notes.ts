import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportStats } from '#shared/contracts/files.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { checkExisting, importStatsLine, importUpload, stageQuestionFile } from '../../question-files/index.js';
import { useNotesModelStatus } from '../api/get-notes-model-status.js';
import { makeModelQuestions } from '../api/make-model-questions.js';
import type { Candidate } from '../generator/types.js';
import { defaultFileName, savedName } from '../utils/file-names.js';
import { readNotesFile } from '../utils/read-notes-file.js';
import { INITIAL_NOTES_STATE, notesReducer, savable, type NotesState } from './notes-state.js';

/** The generator and its packages (sbd, compromise, es-hangul) load when the learner first asks for questions. */
const loadGenerator = () => import('../generator/generate.js');
/** The sheet writer (csv-stringify, about 10 KB gzipped) loads when the learner saves. */
const loadSheet = () => import('../utils/notes-sheet.js');

/** The notes screen's steps around its state machine ({@link notesReducer}): reading a file, the rules, the save. */
export function useNotes() {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(notesReducer, INITIAL_NOTES_STATE);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const chooseFile = async (file: File | null) => {
    if (!file) return;
    dispatch({ type: 'fileReading', name: file.name });
    const read = await readNotesFile(file);
    dispatch(
      read.ok ? { type: 'fileRead', name: file.name, text: read.text } : { type: 'refused', problem: read.problem },
    );
  };

  const generate = async (current: NotesState) => {
    if (!current.text.trim()) {
      dispatch({ type: 'refused', problem: 'noNotes' });
      return;
    }
    dispatch({ type: 'generating' });
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { detectLanguage, generateByRulesAsync } = await loadGenerator();
      const language = current.language === 'auto' ? detectLanguage(current.text) : current.language;
      const result = await generateByRulesAsync(current.text, language, {
        signal: controller.signal,
        onProgress: (share) => dispatch({ type: 'progressed', share }),
      });
      if (result) dispatch({ type: 'generated', result, fileName: defaultFileName(current.sourceName, new Date()) });
    } catch {
      // The generator's chunk could not be fetched (offline, a new deploy): the notes stay as they are.
      dispatch({ type: 'refused', problem: 'loadFailed' });
    }
  };

  const status = useNotesModelStatus();
  const modelOn = status.data?.enabled === true && state.problem !== 'modelOff';
  const modelCallsLeft = state.modelCallsLeft ?? status.data?.calls_left ?? 0;

  /** The model tier: the server's model reads the notes; its grounded candidates join the same review. */
  const generateByModel = async (current: NotesState) => {
    if (!current.text.trim()) {
      dispatch({ type: 'refused', problem: 'noNotes' });
      return;
    }
    dispatch({ type: 'generating', tier: 'model' });
    try {
      const { detectLanguage } = await loadGenerator();
      const language = current.language === 'auto' ? detectLanguage(current.text) : current.language;
      const result = await makeModelQuestions(current.text, language);
      dispatch({ type: 'modelGenerated', result, language, fileName: defaultFileName(current.sourceName, new Date()) });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'notes_model_off') {
        dispatch({ type: 'refused', problem: 'modelOff' });
        return;
      }
      dispatch({ type: 'modelFailed', error: serverDetailOr(failure, t, t('notes.model.failed')) });
    }
  };

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
      const language = currentLanguage();
      const { notesSheet } = await loadSheet();
      const csv = notesSheet(kept, language, (c) =>
        t('notes.save.explanation', { source: c.source, tier: tierLabel(c) }),
      );
      const file = new File([csv], name, { type: 'text/csv' });
      const uploadId = await stageQuestionFile(file, { onProgress: () => undefined });
      const answer = await importUpload(uploadId, name, false);
      dispatch({ type: 'saved', saved: { name: answer.file.name, stats: answer.stats, report: answer.report } });
    } catch (failure) {
      dispatch({ type: 'saveFailed', error: serverDetailOr(failure, t, t('notes.save.failed')) });
    }
  };

  const statsLine = (stats: ImportStats) => importStatsLine(t, stats);

  return {
    state,
    dispatch,
    chooseFile: (file: File | null) => void chooseFile(file),
    generate: () => void generate(state),
    generateByModel: () => void generateByModel(state),
    modelOn,
    modelCallsLeft,
    save: () => void save(state),
    tierLabel,
    statsLine,
  };
}
