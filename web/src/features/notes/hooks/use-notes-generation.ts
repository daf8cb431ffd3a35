import type { TFunction } from 'i18next';
import { useEffect, useRef, type Dispatch } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { useNotesModelStatus } from '../api/get-notes-model-status.js';
import { makeModelQuestions } from '../api/make-model-questions.js';
import { defaultFileName } from '../utils/file-names.js';
import type { NotesAction, NotesState } from './notes-state.js';

/** The generator and its packages (sbd, compromise, es-hangul) load when the learner first asks for questions. */
const loadGenerator = () => import('../generator/generate.js');

/** The rules tier: the generator runs in the browser, its progress shown; leaving the screen stops it. */
export function useRulesGeneration(dispatch: Dispatch<NotesAction>) {
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  return async (current: NotesState) => {
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
}

/** The model tier: the server's model reads the notes; its grounded candidates join the same review. */
export function useModelGeneration(state: NotesState, dispatch: Dispatch<NotesAction>, t: TFunction) {
  const status = useNotesModelStatus();
  const modelOn = status.data?.enabled === true && state.problem !== 'modelOff';
  const modelCallsLeft = state.modelCallsLeft ?? status.data?.calls_left ?? 0;

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

  return { modelOn, modelCallsLeft, generateByModel };
}
